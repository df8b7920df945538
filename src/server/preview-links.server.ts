import { createHmac, timingSafeEqual } from 'node:crypto';
import { maxSlugLength, slugPattern } from './store-schema.ts';

/** How long a preview link lives unless told otherwise, and at most: a review, not a second way to publish. */
export const defaultPreviewDays = 7;
export const maxPreviewDays = 30;
const dayMs = 24 * 60 * 60 * 1000;
const clockSkewMs = 5 * 60 * 1000;

export interface PreviewLinks {
  /** A token for the post with this slug, valid for `days` days from now. */
  issue(slug: string, days: number): { token: string; expiresAt: Date };
  /**
   * The slug a genuine token names, and whether it has expired (or claims a life longer than a link may have);
   * undefined when it is malformed, forged or tampered with.
   */
  verify(token: string): { slug: string; expired: boolean } | undefined;
}

const tokenPattern = /^([a-z0-9-]+)\.([0-9a-z]{1,11})\.([\w-]{43})$/;

/**
 * Preview tokens: `<slug>.<expires at, ms, base 36>.<HMAC-SHA256 of both>`. The key is derived from the site's
 * secret (FORM_SECRET, or the key file beside ENQUIRIES_FILE) under a label of its own, so every instance that
 * shares the secret honours a link, and no form token can pass for a preview's signature or the reverse.
 */
export function previewLinks(siteSecret: Buffer): PreviewLinks {
  const key = createHmac('sha256', siteSecret).update('blog-preview-links').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(slug, days) {
      if (!Number.isInteger(days) || days < 1 || days > maxPreviewDays) {
        throw new RangeError(`a preview link lives 1 to ${maxPreviewDays} days (asked for ${days})`);
      }
      const expiresAt = new Date(Date.now() + days * dayMs);
      const payload = `${slug}.${expiresAt.getTime().toString(36)}`;
      return { token: `${payload}.${sign(payload)}`, expiresAt };
    },
    verify(token) {
      const match = tokenPattern.exec(token);
      if (!match) return undefined;
      const [, slug = '', expires = '', signature = ''] = match;
      if (slug.length > maxSlugLength || !slugPattern.test(slug)) return undefined;
      if (!timingSafeEqual(Buffer.from(signature), Buffer.from(sign(`${slug}.${expires}`)))) return undefined;
      const expiresAt = parseInt(expires, 36);
      const now = Date.now();
      // A link issued by another instance may run a little ahead of this clock, never past the longest life.
      return { slug, expired: now >= expiresAt || expiresAt - now > maxPreviewDays * dayMs + clockSkewMs };
    },
  };
}

/** A preview link works as a password until it expires, so logs keep only the slug it names. */
export function withoutPreviewToken(url: string): string {
  return url.replace(/^(\/blog\/preview\/[a-z0-9-]+)\.[^/?#]*/i, '$1.(token)');
}
