/**
 * What `npm run subscribers -- …` does to the newsletter's subscribers, in the store the site uses (DATABASE_URL,
 * else ENQUIRIES_FILE): list, export and import a CSV that Mailchimp and Campaign Monitor read as it is, delete an
 * address for good, revoke a pending sign-up's link.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { EnquiryStoreError } from '../enquiries/enquiry-store.server.ts';
import { neutraliseFormula, spreadsheetCsv, withStore } from '../enquiries/commands.server.ts';
import { isIsoTime } from '../enquiries/enquiry.ts';
import type { StoreLocation } from '../enquiries/stores.server.ts';
import type { ImportedSubscriber } from './subscriber-store.server.ts';
import { hasConsented, type StoredSubscriber } from './subscriber.ts';

/** The export's columns, named as Mailchimp's and Campaign Monitor's imports name them, so they match unasked. */
export const csvColumns = ['Email Address', 'First Name', 'Confirmed At'] as const;

export function listSubscribers(
  where: StoreLocation,
  status?: StoredSubscriber['status'],
): Promise<StoredSubscriber[]> {
  return withStore(where, (store) => store.subscribers(status ? { status } : {}));
}

/**
 * Subscribers who confirmed on this site (never those handed to HubSpot's own opt-in) as CSV, every cell safe from
 * formulas but the address, written as it is: it was validated as an address, and one may begin with + or -
 * (`+news@…`), which a quote in front would make another address in the service importing it.
 */
export function subscribersCsv(subscribers: StoredSubscriber[]): string {
  const rows = subscribers
    .filter(hasConsented)
    .map((s) => [s.email, neutraliseFormula(s.firstname ?? ''), neutraliseFormula(s.confirmedAt ?? '')]);
  return spreadsheetCsv(rows, [...csvColumns]);
}

const emailSchema = z.email();

/**
 * The subscribers of a CSV with a header row: the export's, or another service's export (`Email Address` or
 * `Email`, `First Name`, `Confirmed At` or Mailchimp's `CONFIRM_TIME`). A cell the export made formula-safe is read
 * back as typed. A row without a valid address stops the import, naming its line.
 */
export function parseSubscribersCsv(text: string): ImportedSubscriber[] {
  const records = parse(text, { bom: true, columns: true, skip_empty_lines: true, trim: true }) as Array<
    Record<string, string>
  >;
  const pick = (record: Record<string, string>, ...names: string[]) => {
    const key = Object.keys(record).find((k) => names.includes(k.trim().toLowerCase()));
    const value = key === undefined ? '' : (record[key] ?? '');
    return value.startsWith("'") && /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? value.slice(1) : value;
  };
  return records.map((record, index) => {
    const email = pick(record, 'email address', 'email');
    if (!emailSchema.safeParse(email).success) {
      throw new EnquiryStoreError(`line ${index + 2}: "${email.slice(0, 80)}" is not an email address`);
    }
    const firstname = pick(record, 'first name', 'firstname', 'fname');
    const confirmedAt = pick(record, 'confirmed at', 'confirm_time', 'optin_time');
    const at = confirmedAt && isIsoTime(confirmedAt) ? confirmedAt : undefined;
    return { email, ...(firstname ? { firstname: firstname.slice(0, 100) } : {}), ...(at ? { confirmedAt: at } : {}) };
  });
}

export async function importSubscribers(
  where: StoreLocation,
  source: string,
): Promise<{ read: number; added: number }> {
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (error) {
    throw new EnquiryStoreError(`cannot read ${source}: ${(error as Error).message}`);
  }
  const subscribers = parseSubscribersCsv(text);
  const added = await withStore(where, (store) => store.importSubscribers(subscribers));
  return { read: subscribers.length, added };
}

export async function deleteSubscriber(where: StoreLocation, email: string): Promise<StoredSubscriber> {
  const removed = await withStore(where, (store) => store.deleteSubscriber(email));
  if (!removed) throw new EnquiryStoreError(`no subscriber or sign-up ${email}`);
  return removed;
}

export async function revokeSignUp(where: StoreLocation, email: string): Promise<void> {
  const revoked = await withStore(where, (store) => store.revoke(email));
  if (!revoked) throw new EnquiryStoreError(`no pending sign-up with a working link for ${email}`);
}
