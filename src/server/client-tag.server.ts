import { createHmac } from 'node:crypto';

/**
 * The request log's `client`: a keyed hash of the visitor's address (as TRUST_PROXY reads it), the same all day
 * and on every instance that shares FORM_SECRET, and unrelated from one UTC day to the next. It ties one day's
 * abuse to one client without the log keeping an address; the privacy it costs is in docs/security.md.
 * Undefined until the site's secret has been read (a moment after the start).
 */
export function clientTags(secret: Promise<Buffer>): (address: string | undefined) => string | undefined {
  let siteKey: Buffer | undefined;
  secret.then(
    (key) => (siteKey = key),
    () => undefined,
  );
  let day = '';
  let dayKey = Buffer.alloc(0);
  return (address) => {
    if (!siteKey || !address) return undefined;
    const today = new Date().toISOString().slice(0, 10);
    if (today !== day) {
      day = today;
      dayKey = createHmac('sha256', siteKey).update(`request-log-client:${today}`).digest();
    }
    return createHmac('sha256', dayKey).update(address).digest('base64url').slice(0, 16);
  };
}
