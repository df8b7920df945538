/**
 * The token in a newsletter email's unsubscribe address: the subscriber's id signed with the site's secret, so
 * that it works for as long as the subscriber does without being stored, and a leaked store cannot make one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UnsubscribeTokens {
  issue(subscriberId: string): string;
  /** The subscriber's id the token names, or undefined for a token not signed with this secret. */
  read(token: string): string | undefined;
}

export function unsubscribeTokens(siteSecret: Buffer): UnsubscribeTokens {
  const sign = (id: string) =>
    createHmac('sha256', siteSecret).update(`newsletter-unsubscribe:${id}`).digest('base64url').slice(0, 32);
  return {
    issue: (id) => `${id}.${sign(id)}`,
    read(token) {
      const [id, signature, ...rest] = token.split('.');
      if (!id || !signature || rest.length) return undefined;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}
