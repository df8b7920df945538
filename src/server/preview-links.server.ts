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
