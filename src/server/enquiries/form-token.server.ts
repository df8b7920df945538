import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { tokenMinimumAgeMs } from '../../shared/page-contract.ts';

// Why a shared, time-stamped token rather than a per-visitor one: docs/decisions/enquiry-form-token.md.
/**
 * A form's token: `<issued at, ms, base 36>.<HMAC-SHA256 of the form's name and it>`. It proves that the post comes
 * from that form as this site rendered it, and when: each form signs with its own name, so one form's token is
 * refused by every other (a sign-up's token cannot post an enquiry). Pages are cached (by the server for up to 12 hours, by a CDN for a day more
 * when stale), so a token stays valid for 3 days; it is not single-use, so a cached page's token serves every
 * visitor. A post sooner than 3 s after the token was issued is a bot's: no person fills in the form that fast.
 */
export const tokenMaxAgeMs = 3 * 24 * 60 * 60 * 1000;
/** Tokens from a clock slightly ahead (another machine behind the same CDN) are still accepted. */
const clockSkewMs = 60_000;

export type TokenCheck = 'valid' | 'missing' | 'invalid' | 'expired' | 'too-fast';

export interface FormTokens {
  issue(now?: number): string;
  check(token: unknown, now?: number): TokenCheck;
}

/** The site's forms that post to it, each with tokens of its own. */
export type FormName = 'enquiry' | 'newsletter';

export function formTokens(secret: Buffer, form: FormName): FormTokens {
  const sign = (issued: string) => createHmac('sha256', secret).update(`${form}-form:${issued}`).digest('base64url');
  return {
    issue(now = Date.now()) {
      const issued = now.toString(36);
      return `${issued}.${sign(issued)}`;
    },
    check(token, now = Date.now()) {
      if (typeof token !== 'string' || token === '') return 'missing';
      const match = /^([0-9a-z]{1,12})\.([\w-]{43})$/.exec(token);
      if (!match) return 'invalid';
      const [, issued = '', signature = ''] = match;
      const expected = Buffer.from(sign(issued));
      if (!timingSafeEqual(Buffer.from(signature), expected)) return 'invalid';
      const age = now - parseInt(issued, 36);
      if (age < -clockSkewMs) return 'invalid';
      if (age > tokenMaxAgeMs) return 'expired';
      if (age < tokenMinimumAgeMs) return 'too-fast';
      return 'valid';
    },
  };
}

/**
 * The signing secret, shared by every worker and kept across restarts: generated once into a file beside the
 * enquiries (mode 0600, not in git). Several workers starting at once agree on one: each writes its candidate to
 * a file of its own and links it into place, which only the first can do.
 */
export async function loadFormSecret(file: string): Promise<Buffer> {
  try {
    return await readFormSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  const candidate = join(dirname(file), `.form-secret-${process.pid}-${randomBytes(4).toString('hex')}`);
  await writeFile(candidate, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flush: true });
  try {
    await link(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(candidate).catch(() => {});
  }
  return readFormSecret(file);
}

/** The secret a server made earlier (see `loadFormSecret`); fails with ENOENT when there is none yet. */
export async function readFormSecret(file: string): Promise<Buffer> {
  const text = (await readFile(file, 'utf8')).trim();
  if (!/^[0-9a-f]{64}$/.test(text))
    throw new Error(`${file} is not a form secret (64 hex digits); delete it to make a new one`);
  return Buffer.from(text, 'hex');
}

/** Where the secret lives: beside the enquiries file. */
export const formSecretFile = (enquiriesFile: string) => join(dirname(enquiriesFile), 'form-secret');

/**
 * The site's secret, which the form's tokens and the blog's preview links are signed with: FORM_SECRET when set
 * (the same on every instance), else the key file beside the enquiries file.
 */
export function loadSiteSecret({ formSecret, file }: { formSecret?: string; file: string }): Promise<Buffer> {
  return formSecret ? Promise.resolve(Buffer.from(formSecret, 'utf8')) : loadFormSecret(formSecretFile(file));
}
