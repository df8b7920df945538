import { createHmac, timingSafeEqual } from 'node:crypto';
import { maxSlugLength, slugPattern } from './store-schema.ts';

/** How long a preview link lives unless told otherwise, and at most: a review, not a second way to publish. */
export const defaultPreviewDays = 7;
export const maxPreviewDays = 30;
const dayMs = 24 * 60 * 60 * 1000;

export interface PreviewLinks {
  /** A token for the post with this slug, valid for `days` days from now. */
  issue(slug: string, days: number): { token: string; expiresAt: Date };
  /** The slug a token names; undefined when it is malformed, forged, tampered with or expired. */
  verify(token: string): string | undefined;
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
      return Date.now() < parseInt(expires, 36) ? slug : undefined;
    },
  };
}
