/**
 * Addresses that carry a secret (a preview link's token, a newsletter email's link): such an address works as a
 * password, so logs, errors, an enquiry's landing path and the next page's referrer never keep more of it than the
 * prefix it starts with.
 */
import { previewPath } from '../lib/blog-types.ts';
import { newsletterPaths } from '../lib/newsletter.ts';

/** Every address that carries a secret starts with one of these, and they are all that is ever kept of one. */
export const secretPrefixes = [
  previewPath(''),
  `${newsletterPaths.confirmPage}/`,
  `${newsletterPaths.unsubscribe}/`,
] as const;

/** The segments that end each prefix: an address naming one anywhere is treated as carrying a secret. */
const secretSegment = new RegExp(
  `(?:^|[/\\\\])(?:${secretPrefixes.map((prefix) => prefix.split('/').at(-2)).join('|')})(?:[/\\\\]|$)`,
  'i',
);

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
 * Whether an address names a secret-carrying address, however it is written: percent-encoded (once or more), in
 * any case, with back slashes or dot segments. Broad on purpose (`/x/preview/y` counts): it only withholds things
 * (the referrer, Google's tag, speculation), never serves another page.
 */
export function isSecretAddress(url: string): boolean {
  return secretSegment.test(url.includes('%') ? fullyDecoded(url) : url);
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
 * The address as logs, errors and stored enquiries may keep it: one that carries a secret cut to its prefix
 * (`/blog/preview/`, `/newsletter/confirm/`, `/newsletter/unsubscribe/`), decided on its path alone, so that no
 * query can disguise another address as one. Any other address keeps its path, and its query unless that names a
 * secret-carrying address (whose secret would then be kept).
 */
export function withoutSecret(url: string): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const normalised = normalisedPath(path);
  const prefix = secretPrefixes.find((one) => normalised === one.slice(0, -1) || normalised.startsWith(one));
  if (prefix) return prefix;
  return queryAt !== -1 && isSecretAddress(url.slice(queryAt + 1)) ? path : url;
}

/** Whether `path` is all that is kept of a secret-carrying address (an enquiry's landing path keeps it as it is). */
export const isSecretPrefix = (path: string): boolean => (secretPrefixes as readonly string[]).includes(path);
