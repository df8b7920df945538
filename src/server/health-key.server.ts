import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * /healthz's warnings say what the operator has yet to set up, which a visitor should not read; the operator's
 * monitor sends this header with the key `npm run enquiries -- health-key` prints. Every other request (a visitor,
 * a balancer's plain check) gets only how many there are. No address or forwarding header decides it: a proxy
 * that adds no `X-Forwarded-For`, or a direct connection with `TRUST_PROXY` set, would look like the operator.
 */
export const healthKeyHeader = 'X-Health-Key';

/** The key, derived from the site's secret (FORM_SECRET, or the key file) under a label of its own. */
export function healthKey(siteSecret: Buffer): string {
  return createHmac('sha256', siteSecret).update('healthz-warnings').digest('base64url');
}

/** Whether `given` is the key, compared in constant time. */
export function isHealthKey(given: string, key: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
