import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { maxSlugLength, slugPattern } from '../lib/store-schema.ts';

/** How long a preview link lives unless told otherwise, and at most: a review, not a second way to publish. */
export const defaultPreviewDays = 7;
export const maxPreviewDays = 30;
const dayMs = 24 * 60 * 60 * 1000;
const clockSkewMs = 5 * 60 * 1000;

/** What a link is made for: a post, known by its slug and the key stored with it (`previewKey`). */
export interface PreviewTarget {
  slug: string;
  previewKey: string;
}

export interface PreviewLinks {
  /** A token for this post, valid for `days` days from now. */
  issue(post: PreviewTarget, days: number): { token: string; expiresAt: Date };
  /**
   * The slug a genuine token names, and whether it has expired (or claims a life longer than a link may have);
   * undefined when it is malformed, forged, tampered with, or made for a post that is gone or whose key has
   * changed. `previewKeyOf` gives the key stored with the post that has a slug now.
   */
  verify(
    token: string,
    previewKeyOf: (slug: string) => string | undefined,
  ): { slug: string; expired: boolean } | undefined;
}

const tokenPattern = /^([a-z0-9-]+)\.([0-9a-z]{1,11})\.([\w-]{43})$/;

/** A post's preview key: new on each `add`, kept by `add --update`, replaced to end the links made so far. */
export function newPreviewKey(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Preview tokens: `<slug>.<expires at, ms, base 36>.<HMAC-SHA256 of the post's key, the slug and the expiry>`.
 * The post's key ties a link to the post it was made for, not to whoever holds its slug later. The HMAC key is
 * derived from the site's secret (FORM_SECRET, or the key file beside ENQUIRIES_FILE) under a label of its own, so
 * every instance that shares the secret honours a link, and no form token can pass for a preview's signature or
 * the reverse. Why: docs/decisions/preview-links.md
 */
export function previewLinks(siteSecret: Buffer): PreviewLinks {
  const key = createHmac('sha256', siteSecret).update('blog-preview-links').digest();
  const sign = (postKey: string, slug: string, expires: string) =>
    createHmac('sha256', key).update(`${postKey}.${slug}.${expires}`).digest('base64url');
  return {
    issue({ slug, previewKey }, days) {
      if (!Number.isInteger(days) || days < 1 || days > maxPreviewDays) {
        throw new RangeError(`a preview link lives 1 to ${maxPreviewDays} days (asked for ${days})`);
      }
      const expiresAt = new Date(Date.now() + days * dayMs);
      const expires = expiresAt.getTime().toString(36);
      return { token: `${slug}.${expires}.${sign(previewKey, slug, expires)}`, expiresAt };
    },
    verify(token, previewKeyOf) {
      const match = tokenPattern.exec(token);
      if (!match) return undefined;
      const [, slug = '', expires = '', signature = ''] = match;
      if (slug.length > maxSlugLength || !slugPattern.test(slug)) return undefined;
      const postKey = previewKeyOf(slug);
      // A slug with no post (or none with a key) is checked all the same, so that it answers in the same time.
      const expected = sign(postKey ?? '', slug, expires);
      if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) || postKey === undefined) return undefined;
      const expiresAt = parseInt(expires, 36);
      const now = Date.now();
      // A link issued by another instance may run a little ahead of this clock, never past the longest life.
      return { slug, expired: now >= expiresAt || expiresAt - now > maxPreviewDays * dayMs + clockSkewMs };
    },
  };
}

/** Where every preview link starts, and all that logs, errors and an enquiry's landing path keep of one. */
export const previewRoot = '/blog/preview/';

const isHexDigit = (char: string | undefined) => char !== undefined && /^[0-9a-f]$/i.test(char);

/**
 * The text with every percent-escape decoded, however deeply nested (`%252E` is `%2E` is `.`), in one pass: an
 * escape completed by a decoding is decoded in turn. Linear, whatever a client sends.
 */
function fullyDecoded(text: string): string {
  const out: string[] = [];
  for (const char of text) {
    out.push(char);
    for (let n = out.length; n >= 3 && out[n - 3] === '%' && isHexDigit(out[n - 2]) && isHexDigit(out[n - 1]);) {
      const decoded = String.fromCharCode(parseInt(`${out[n - 2]}${out[n - 1]}`, 16));
      out.length = n - 3;
      out.push(decoded);
      n = out.length;
    }
  }
  return out.join('');
}

/**
 * Whether an address names a preview link, however it is written: percent-encoded (once or more), in any case,
 * with back slashes or dot segments. Its token works as a password until it expires.
 */
export function isPreviewAddress(url: string): boolean {
  const text = url.includes('%') ? fullyDecoded(url) : url;
  return /(?:^|[/\\])preview(?:[/\\]|$)/i.test(text);
}

/** The path as the router reads it: escapes decoded, back slashes as slashes, empty and dot segments resolved. */
function normalisedPath(path: string): string {
  const segments: string[] = [];
  for (const segment of fullyDecoded(path).toLowerCase().split(/[/\\]/)) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * The address as logs, errors and stored enquiries may keep it: a preview link cut to `/blog/preview/`, decided on
 * its path alone, so that no query can disguise another address as one. Any other address keeps its path, and its
 * query unless that names a preview link (whose token would then be kept).
 */
export function withoutPreviewToken(url: string): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (/^\/blog\/preview(?:\/|$)/.test(normalisedPath(path))) return previewRoot;
  return queryAt !== -1 && isPreviewAddress(url.slice(queryAt + 1)) ? path : url;
}
