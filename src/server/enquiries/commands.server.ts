/** What `npm run enquiries -- <command>` does, apart from printing. */
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { planTitles } from '../../content/plan-titles.ts';
import {
  channels,
  EnquiryStore,
  EnquiryStoreError,
  Unchanged,
  writeDurably,
  type StoredEnquiry,
} from './enquiry-store.server.ts';

/** One enquiry as `list --json` and `show --json` print it: every field, null when not given. */
export function enquiryJson(e: StoredEnquiry) {
  return {
    id: e.id,
    receivedAt: e.receivedAt,
    firstname: e.firstname,
    lastname: e.lastname ?? null,
    email: e.email,
    phone: e.phone ?? null,
    company: e.company ?? null,
    message: e.message ?? null,
    plan: e.plan ?? null,
    pageUri: e.pageUri,
    pageName: e.pageName ?? null,
    hutk: e.hutk ?? null,
    spam: e.spam,
    delivery: { hubspot: e.delivery.hubspot, email: e.delivery.email },
    progress: e.progress,
  };
}

async function openExisting(file: string): Promise<EnquiryStore> {
  const store = await EnquiryStore.open(file);
  await access(file).catch(() => {
    throw new EnquiryStoreError(`${file} does not exist yet: no enquiry has been stored (set ENQUIRIES_FILE?)`);
  });
  return store;
}

/** Non-spam enquiries, newest first (spam too with `spam`); a missing file is an empty list. */
export async function listEnquiries(file: string, options: { spam?: boolean } = {}): Promise<StoredEnquiry[]> {
  const store = await EnquiryStore.open(file);
  const all = (await store.all()).reverse();
  return options.spam ? all.filter((e) => e.spam) : all.filter((e) => !e.spam);
}

/** The enquiry with this id, or with an id starting with it when only one does. */
function find(enquiries: StoredEnquiry[], id: string, file: string): StoredEnquiry {
  const exact = enquiries.find((e) => e.id === id);
  if (exact) return exact;
  const matches = id.length >= 4 ? enquiries.filter((e) => e.id.startsWith(id)) : [];
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length > 1) throw new EnquiryStoreError(`${id} matches ${matches.length} enquiries: give more of the id`);
  throw new EnquiryStoreError(`no enquiry ${id} in ${file}`);
}

export async function showEnquiry(file: string, id: string): Promise<StoredEnquiry> {
  const store = await openExisting(file);
  return find(await store.all(), id, file);
}

/** Removes the enquiry from the file for good (a privacy request). */
export async function deleteEnquiry(file: string, id: string): Promise<StoredEnquiry> {
  const store = await openExisting(file);
  const target = find(await store.all(), id, file);
  const removed = await store.delete(target.id);
  if (!removed) throw new EnquiryStoreError(`no enquiry ${id} in ${file}`);
  return removed;
}

/**
 * Failed deliveries become pending again with a fresh count of attempts, and pending ones waiting for a
 * backoff are due at once. The running server sees the file change at its next look (every 2 s) and sends them.
 */
export async function retryDeliveries(file: string): Promise<{ hubspot: number; email: number }> {
  const store = await openExisting(file);
  return store.change((enquiries) => {
    const requeued = { hubspot: 0, email: 0 };
    let changed = false;
    for (const enquiry of enquiries) {
      if (enquiry.spam) continue;
      for (const channel of channels) {
        const state = enquiry.delivery[channel];
        const progress = enquiry.progress[channel];
        if (state === 'failed') {
          requeued[channel] += 1;
          enquiry.delivery[channel] = 'pending';
          enquiry.progress[channel] = { attempts: 0, lastError: progress.lastError };
          changed = true;
        } else if (state === 'pending' && progress.retryAt) {
          delete progress.retryAt;
          changed = true;
        }
      }
    }
    return changed ? requeued : new Unchanged(requeued);
  });
}

const csvColumns = [
  'id',
  'receivedAt',
  'firstname',
  'lastname',
  'email',
  'phone',
  'company',
  'message',
  'plan',
  'planTitle',
  'pageUri',
  'pageName',
  'hutk',
  'spam',
  'hubspot',
  'hubspotAttempts',
  'hubspotSentAt',
  'hubspotError',
  'emailDelivery',
  'emailAttempts',
  'emailSentAt',
  'emailError',
] as const;

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab or carriage return, or the full-width
 * ＝ ＋ － ＠ that some of them also accept) as a formula: such a cell is prefixed with ' so that it shows as the
 * text it is.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
}

/** Every field of every enquiry as CSV: UTF-8 with a byte order mark and CRLF lines, as Excel expects. */
export function enquiriesCsv(enquiries: StoredEnquiry[]): string {
  const rows = enquiries.map((e) => {
    const row: Record<(typeof csvColumns)[number], string> = {
      id: e.id,
      receivedAt: e.receivedAt,
      firstname: e.firstname,
      lastname: e.lastname ?? '',
      email: e.email,
      phone: e.phone ?? '',
      company: e.company ?? '',
      message: e.message ?? '',
      plan: e.plan ?? '',
      planTitle: e.plan ? planTitles[e.plan] : '',
      pageUri: e.pageUri,
      pageName: e.pageName ?? '',
      hutk: e.hutk ?? '',
      spam: e.spam ? 'yes' : 'no',
      hubspot: e.delivery.hubspot,
      hubspotAttempts: String(e.progress.hubspot.attempts),
      hubspotSentAt: e.progress.hubspot.sentAt ?? '',
      hubspotError: e.progress.hubspot.lastError ?? '',
      emailDelivery: e.delivery.email,
      emailAttempts: String(e.progress.email.attempts),
      emailSentAt: e.progress.email.sentAt ?? '',
      emailError: e.progress.email.lastError ?? '',
    };
    return csvColumns.map((column) => neutraliseFormula(row[column]));
  });
  return stringify(rows, {
    bom: true,
    header: true,
    columns: [...csvColumns],
    record_delimiter: 'windows',
    // csv-stringify quotes only a cell holding the whole CRLF delimiter: a lone LF or CR unquoted would start a
    // new record (and its next character a new cell, maybe a formula) in a spreadsheet.
    quoted_match: /[\r\n\u0085\u2028\u2029]/,
  });
}

/** Writes the CSV whole (temporary file, then rename): an interrupted export never leaves half a file. */
export async function exportEnquiries(file: string, target: string, options: { spam?: boolean } = {}): Promise<number> {
  const enquiries = await listEnquiries(file, options);
  try {
    await writeDurably(target, enquiriesCsv(enquiries));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `its folder ${dirname(target)} does not exist`
        : (error as Error).message;
    throw new EnquiryStoreError(`cannot write ${target}: ${reason}`);
  }
  return enquiries.length;
}
