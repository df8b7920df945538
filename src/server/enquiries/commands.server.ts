/** What `npm run enquiries -- <command>` does, apart from printing. */
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { enquiryFieldTable, type EnquiryFieldSpec } from '../../content/enquiry-form.ts';
import { parseAttribution, sourceMedium, touchKeys, type IsPublishedPost, type Touch } from './attribution.server.ts';
import { EnquiryStoreError, type EnquiryStore } from './enquiry-store.server.ts';
import { absolutePageUri, channels, isEnquiryId, isIsoTime, type Channel, type StoredEnquiry } from './enquiry.ts';
import { deliveryPolicy } from './delivery-policy.server.ts';
import { multiLine, singleLine } from '../../shared/plain-text.ts';
import { coreFieldNames, fieldValue, keepsLines, recordOrder, staffValue } from './enquiry-fields.server.ts';
import { writeFileAtomically } from '../files/atomic-write.server.ts';
import { readEnquiryFile } from './file-store/enquiry-file.server.ts';
import { databaseHost } from './postgres-store/database.server.ts';
import { openEnquiryStore, type StoreLocation } from './stores.server.ts';
import type { Config } from '../config.server.ts';
import { postAlert } from './alerts.server.ts';
import { createMailer } from './mail.server.ts';
import { hubspotConfigured } from '../../shared/hubspot-settings.ts';
import { normalEmail, type StoredSubscriber } from '../newsletter/subscriber.ts';

/** One enquiry as `list --json` and `show --json` print it: every field, null when not given. */
export function enquiryJson(e: StoredEnquiry) {
  return {
    id: e.id,
    receivedAt: e.receivedAt,
    ...Object.fromEntries(recordOrder(enquiryFieldTable).map((field) => [field.name, fieldValue(e, field) ?? null])),
    pageUri: e.pageUri,
    pageName: e.pageName ?? null,
    hutk: e.hutk ?? null,
    spam: e.spam,
    ...(e.attribution ? { attribution: e.attribution } : {}),
    delivery: { hubspot: e.delivery.hubspot, email: e.delivery.email },
    progress: e.progress,
  };
}

/** Where the commands read and write, in words: the file, or the database (never its password). */
export const describeLocation = (where: StoreLocation) =>
  where.databaseUrl ? `the database at ${databaseHost(where.databaseUrl)}` : where.file;

/** Runs `work` on the store, closed afterwards. Commands never mark new enquiries for delivery. */
export async function withStore<T>(where: StoreLocation, work: (store: EnquiryStore) => Promise<T>): Promise<T> {
  const store = await openEnquiryStore(where, { enabled: { hubspot: false, email: false } });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** Like withStore, but a file that does not exist yet is an error: there is nothing to show, change or delete. */
async function withExisting<T>(where: StoreLocation, work: (store: EnquiryStore) => Promise<T>): Promise<T> {
  if (!where.databaseUrl) {
    await access(where.file).catch(() => {
      throw new EnquiryStoreError(
        `${where.file} does not exist yet: no enquiry has been stored (set ENQUIRIES_FILE, or DATABASE_URL?)`,
      );
    });
  }
  return withStore(where, work);
}

/** Non-spam enquiries, newest first (only spam with `spam`); a missing file is an empty list. */
export function listEnquiries(where: StoreLocation, options: { spam?: boolean } = {}): Promise<StoredEnquiry[]> {
  return withStore(where, (store) => store.list(options));
}

/** The enquiry with this id, or with an id starting with it when only one does. */
async function findOne(store: EnquiryStore, id: string, where: StoreLocation): Promise<StoredEnquiry> {
  const matches = await store.find(id);
  const exact = matches.find((e) => e.id === id);
  if (exact) return exact;
  if (id.length >= 4 && matches.length === 1 && matches[0]) return matches[0];
  if (id.length >= 4 && matches.length > 1) {
    throw new EnquiryStoreError(`${id} matches ${matches.length} enquiries: give more of the id`);
  }
  throw new EnquiryStoreError(`no enquiry ${id} in ${describeLocation(where)}`);
}

export function showEnquiry(where: StoreLocation, id: string): Promise<StoredEnquiry> {
  return withExisting(where, (store) => findOne(store, id, where));
}

/** Removes the enquiry for good (a privacy request). */
export function deleteEnquiry(where: StoreLocation, id: string): Promise<StoredEnquiry> {
  return withExisting(where, async (store) => {
    const target = await findOne(store, id, where);
    const removed = await store.delete(target.id);
    if (!removed) throw new EnquiryStoreError(`no enquiry ${id} in ${describeLocation(where)}`);
    return removed;
  });
}

/**
 * Failed deliveries become pending again with a fresh count of attempts, and pending ones waiting for a
 * backoff are due at once. The running servers see it at their next look (every 2 s) and send them.
 */
export function retryDeliveries(where: StoreLocation): Promise<Record<Channel, number>> {
  return withExisting(where, (store) => store.retry());
}

/** What an import cleans against: the site's address and its published posts (for landing pages). */
export interface ImportSite {
  siteUrl: string;
  isPublishedPost: IsPublishedPost;
}

/**
 * Copies an ENQUIRIES_FILE's enquiries (ids, fields, spam flags, delivery states) into the database, each cleaned as
 * the form cleans a post (`cleanedForImport`), and the newsletter's sign-ups and subscribers kept beside them, ids
 * included (each unsubscribe link already sent signs its subscriber's id); those it holds already are left as they
 * are, so importing the same file again adds nothing.
 */
export async function importEnquiries(
  where: StoreLocation,
  source: string,
  site: ImportSite,
): Promise<{ read: number; added: number; subscribers: { read: number; added: number } }> {
  if (!where.databaseUrl) {
    throw new EnquiryStoreError('import copies a file into the database: set DATABASE_URL to the database first');
  }
  const { enquiries, subscribers = [] } = await readEnquiryFile(source);
  await access(source).catch(() => {
    throw new EnquiryStoreError(`${source} does not exist`);
  });
  const problem = importProblem(enquiries);
  if (problem) throw new EnquiryStoreError(`${source}: ${problem}; nothing was imported`);
  const cleaned: StoredEnquiry[] = [];
  for (const [index, enquiry] of enquiries.entries()) {
    const result = cleanedForImport(enquiry, site);
    if (typeof result === 'string') {
      throw new EnquiryStoreError(`${source}: ${enquiryName(enquiry, index)}: ${result}; nothing was imported`);
    }
    cleaned.push(result);
  }
  const copied: StoredSubscriber[] = [];
  const ids = new Set<string>();
  for (const [index, subscriber] of subscribers.entries()) {
    const problem = subscriberProblem(subscriber, ids);
    const name = `subscriber ${singleLine(subscriber.id).slice(0, 60) || '(no id)'} (number ${index + 1} in the file)`;
    if (problem) throw new EnquiryStoreError(`${source}: ${name}: ${problem}; nothing was imported`);
    ids.add(subscriber.id.toLowerCase());
    copied.push(cleanedSubscriber(subscriber, site));
  }
  const [added, addedSubscribers] = await withStore(where, async (store) => [
    await store.import(cleaned),
    await store.copySubscribers(copied),
  ]);
  return {
    read: enquiries.length,
    added,
    subscribers: { read: subscribers.length, added: addedSubscribers },
  };
}

/** What keeps a stored subscriber out of the database, in words, or undefined. */
function subscriberProblem(subscriber: StoredSubscriber, seen: ReadonlySet<string>): string | undefined {
  if (!isEnquiryId(subscriber.id)) return 'its id is not a UUID';
  if (seen.has(subscriber.id.toLowerCase())) return 'its id is there twice';
  for (const key of ['createdAt', 'lastEmailAt', 'confirmedAt'] as const) {
    const value = subscriber[key];
    if (value !== undefined && !isIsoTime(value)) return `its ${key} is not an ISO time`;
  }
  return undefined;
}

/** A subscriber from a file cleaned as the sign-up cleans one: its address normalised, its name on one line. */
function cleanedSubscriber(subscriber: StoredSubscriber, { isPublishedPost }: ImportSite): StoredSubscriber {
  const copy = withoutNul(subscriber);
  const firstname = copy.firstname === undefined ? '' : singleLine(copy.firstname).trim();
  const attribution = parseAttribution(copy.attribution, isPublishedPost);
  const { firstname: _name, attribution: _from, ...rest } = copy;
  return {
    ...rest,
    email: normalEmail(copy.email),
    ...(firstname ? { firstname } : {}),
    ...(attribution ? { attribution } : {}),
  };
}

const enquiryName = (e: StoredEnquiry, index: number) =>
  `enquiry ${singleLine(e.id).slice(0, 60) || '(no id)'} (number ${index + 1} in the file)`;

/**
 * An enquiry from a file cleaned as the form cleans a post, so that an old or edited file brings nothing into
 * staff's outputs (list, show, the CSV, the report, the email, HubSpot) that a post could not: single-line fields on
 * one line, every field without control or bidi characters, the page address under SITE_URL, the landing pages and
 * call to action the site has; and no U+0000 anywhere, which PostgreSQL cannot store. A problem in words, when a field
 * every enquiry has is empty once cleaned.
 */
export function cleanedForImport(
  enquiry: StoredEnquiry,
  { siteUrl, isPublishedPost }: ImportSite,
): StoredEnquiry | string {
  const copy = withoutNul(enquiry) as unknown as Record<string, unknown>;
  for (const field of enquiryFieldTable) {
    const value = fieldValue(copy, field);
    if (value === undefined) continue;
    const clean = (keepsLines(field) ? multiLine(value) : singleLine(value)).trim();
    if (clean) copy[field.name] = clean;
    else delete copy[field.name];
  }
  for (const name of coreFieldNames) if (!copy[name]) return `its ${name} is empty once cleaned`;
  copy.pageUri = absolutePageUri(enquiry.pageUri, siteUrl);
  for (const key of ['pageName', 'hutk'] as const) {
    const value = typeof copy[key] === 'string' ? singleLine(copy[key]).trim() : '';
    if (value) copy[key] = value;
    else delete copy[key];
  }
  const attribution = parseAttribution(enquiry.attribution, isPublishedPost);
  if (attribution) copy.attribution = attribution;
  else delete copy.attribution;
  return copy as unknown as StoredEnquiry;
}

/** A copy without U+0000 in any text (a delivery's last error included). */
function withoutNul<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, text: unknown) =>
    typeof text === 'string' ? text.replaceAll('\u0000', '') : text,
  ) as T;
}

/** How far ahead of this machine's clock an imported time may be (another machine's clock). */
const importClockSkewMs = 5 * 60 * 1000;

/**
 * What makes a file unfit to import, naming the enquiry, or undefined. A time that is no date (`infinity`) broke
 * every command afterwards; one in the future stalled delivery; an id that is no UUID, a huge attempt count or a
 * repeated id failed the import half-way with the database's own words, or vanished.
 */
function importProblem(enquiries: readonly StoredEnquiry[]): string | undefined {
  const latest = Date.now() + importClockSkewMs;
  const seen = new Set<string>();
  for (const [index, e] of enquiries.entries()) {
    const name = enquiryName(e, index);
    if (!isEnquiryId(e.id)) return `${name}: its id is not a UUID`;
    if (seen.has(e.id.toLowerCase())) return `${name}: its id appears twice`;
    seen.add(e.id.toLowerCase());
    const times: Array<[string, string | undefined, number]> = [['receivedAt', e.receivedAt, latest]];
    for (const channel of channels) {
      const { attempts, lastAttemptAt, sentAt, retryAt } = e.progress[channel];
      if (attempts > deliveryPolicy.backoff.maxAttempts) {
        return `${name}: ${channel} has ${attempts} attempts, more than the ${deliveryPolicy.backoff.maxAttempts} ever made`;
      }
      times.push([`${channel} lastAttemptAt`, lastAttemptAt, latest], [`${channel} sentAt`, sentAt, latest]);
      // A retry may be due later, but never beyond the longest backoff or Retry-After.
      times.push([`${channel} retryAt`, retryAt, latest + deliveryPolicy.backoff.maxMs]);
    }
    for (const [label, value, limit] of times) {
      if (value === undefined) continue;
      if (!isIsoTime(value))
        return `${name}: ${label} is not an ISO time with its offset ("${singleLine(value).slice(0, 40)}")`;
      if (Date.parse(value) > limit) return `${name}: ${label} lies in the future (${value})`;
    }
  }
  return undefined;
}

/** A field's CSV columns: its value, and beside a plan's id its title, for a reader without the list of ids. */
function fieldColumns(field: EnquiryFieldSpec): Array<[string, (e: StoredEnquiry) => string]> {
  const value = (e: StoredEnquiry) => fieldValue(e, field) ?? '';
  if (field.check !== 'plan') return [[field.name, value]];
  return [
    [field.name, value],
    [`${field.name}Title`, (e) => staffValue(e, field) ?? ''],
  ];
}

/** The CSV's columns after the visitor's fields. */
const storeColumns = [
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
  ...touchKeys.map((key) => `first_${key}` as const),
  ...touchKeys.map((key) => `last_${key}` as const),
  'cta',
] as const;

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab or carriage return, or the full-width
 * ＝ ＋ － ＠ that some of them also accept) as a formula: such a cell is prefixed with ' so that it shows as the
 * text it is.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
}

/** A touch's values as CSV cells (`first_utm_source`, …; click id names joined by spaces). */
function touchCells<P extends 'first' | 'last'>(prefix: P, touch: Touch | undefined) {
  return Object.fromEntries(
    touchKeys.map((key) => {
      const value = touch?.[key];
      return [`${prefix}_${key}`, Array.isArray(value) ? value.join(' ') : (value ?? '')];
    }),
  ) as Record<`${P}_${(typeof touchKeys)[number]}`, string>;
}

/** Every field of every enquiry as CSV: UTF-8 with a byte order mark and CRLF lines, as Excel expects. */
export function enquiriesCsv(enquiries: StoredEnquiry[]): string {
  const visitorColumns = recordOrder(enquiryFieldTable).flatMap(fieldColumns);
  const columns = ['id', 'receivedAt', ...visitorColumns.map(([name]) => name), ...storeColumns];
  const rows = enquiries.map((e) => {
    const storeCells: Record<(typeof storeColumns)[number], string> = {
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
      ...touchCells('first', e.attribution?.first),
      ...touchCells('last', e.attribution?.last),
      cta: e.attribution?.cta ?? '',
    };
    const row: Record<string, string> = {
      id: e.id,
      receivedAt: e.receivedAt,
      ...Object.fromEntries(visitorColumns.map(([name, cell]) => [name, cell(e)])),
      ...storeCells,
    };
    return columns.map((column) => neutraliseFormula(row[column] ?? ''));
  });
  return spreadsheetCsv(rows, columns);
}

/** Rows under a header of `columns` as CSV: UTF-8 with a byte order mark and CRLF lines, as Excel expects. */
export function spreadsheetCsv(rows: string[][], columns: string[]): string {
  return stringify(rows, {
    bom: true,
    header: true,
    columns,
    record_delimiter: 'windows',
    // csv-stringify quotes only a cell holding the whole CRLF delimiter: a lone LF or CR unquoted would start a
    // new record (and its next character a new cell, maybe a formula) in a spreadsheet.
    quoted_match: /[\r\n\u0085\u2028\u2029]/,
  });
}

/** Writes the CSV whole (temporary file, then rename): an interrupted export never leaves half a file. */
export async function exportEnquiries(
  where: StoreLocation,
  target: string,
  options: { spam?: boolean } = {},
): Promise<number> {
  const enquiries = await listEnquiries(where, options);
  try {
    await writeFileAtomically(target, enquiriesCsv(enquiries), { durable: true });
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `its folder ${dirname(target)} does not exist`
        : (error as Error).message;
    throw new EnquiryStoreError(`cannot write ${target}: ${reason}`);
  }
  return enquiries.length;
}

/** Deletes enquiries older than `days` days (spam older than 30 days): what the server does once a day. */
export function pruneEnquiries(where: StoreLocation, limits: { before: Date; spamBefore: Date }): Promise<number> {
  return withExisting(where, (store) => store.prune(limits));
}

export interface ReportRow {
  key: string;
  count: number;
}

export interface Report {
  since: string | null;
  total: number;
  bySource: ReportRow[];
  byCampaign: ReportRow[];
  byLanding: ReportRow[];
  byCta: ReportRow[];
}

/**
 * Which marketing brought the enquiries: non-spam enquiries (received on or after `since`) counted by their first
 * touch's source / medium (Google Analytics' convention), campaign and landing page, and by the CTA clicked;
 * each list largest first. An enquiry without attribution is `(direct) / (none)`, landing `(none)`.
 */
export async function reportEnquiries(where: StoreLocation, since?: string): Promise<Report> {
  let from: number | undefined;
  if (since !== undefined) {
    from = /^\d{4}-\d{2}-\d{2}$/.test(since) ? Date.parse(`${since}T00:00:00Z`) : NaN;
    // Date.parse reads 2026-02-30 as 2 March: only a day that exists is taken.
    if (!Number.isNaN(from) && new Date(from).toISOString().slice(0, 10) !== since) from = NaN;
    if (Number.isNaN(from)) throw new EnquiryStoreError(`--since must be a date such as 2026-09-01 (got "${since}")`);
  }
  const enquiries = (await listEnquiries(where)).filter((e) => from === undefined || Date.parse(e.receivedAt) >= from);
  const count = (keyOf: (e: StoredEnquiry) => string): ReportRow[] => {
    const counts = new Map<string, number>();
    for (const e of enquiries) counts.set(keyOf(e), (counts.get(keyOf(e)) ?? 0) + 1);
    return [...counts]
      .map(([key, n]) => ({ key, count: n }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  };
  const first = (e: StoredEnquiry) => e.attribution?.first;
  return {
    since: since ?? null,
    total: enquiries.length,
    bySource: count((e) => {
      const { source, medium } = sourceMedium(first(e));
      return `${source} / ${medium}`;
    }),
    byCampaign: count((e) => first(e)?.utm_campaign ?? '(none)'),
    byLanding: count((e) => first(e)?.landingPath ?? '(none)'),
    byCta: count((e) => e.attribution?.cta ?? '(none)'),
  };
}

/** One line of `test-delivery`: what was tried and how it went. */
export interface DeliveryTestLine {
  what: 'email' | 'alert' | 'hubspot';
  ok: boolean;
  text: string;
}

/**
 * `test-delivery`: a test email (to `to`, else NOTIFY_EMAIL) and a test alert through what is configured, each
 * outcome a line; nothing goes to HubSpot (a test there would create a contact), whose last outcome is read instead.
 */
export async function testDelivery(config: Config, where: StoreLocation, to?: string): Promise<DeliveryTestLine[]> {
  const lines: DeliveryTestLine[] = [];
  const { smtpUrl, notifyEmail, alertWebhookUrl } = config.enquiries;
  const { siteName, siteUrl } = config.public;
  const mailer = createMailer(config);
  if (mailer) {
    const recipient = to ?? notifyEmail;
    const result = await mailer.send(
      {
        to: recipient,
        subject: `Test email from the ${siteName} website`,
        text: `A test of enquiry emails from ${siteUrl} (npm run enquiries -- test-delivery): enquiries reach this address.\n`,
      },
      { timeoutMs: deliveryPolicy.attemptTimeoutMs.email },
    );
    mailer.close();
    lines.push(
      result.ok
        ? { what: 'email', ok: true, text: `sent to ${recipient}` }
        : { what: 'email', ok: false, text: `failed (${result.code}): ${result.message}` },
    );
  } else {
    lines.push({ what: 'email', ok: true, text: 'not configured (SMTP_URL is not set): nothing sent' });
  }
  if (alertWebhookUrl) {
    const outcome = await postAlert(alertWebhookUrl, { event: 'test', count: 0, code: 'TEST' }, siteUrl);
    lines.push(
      outcome.ok === true
        ? { what: 'alert', ok: true, text: 'sent to ALERT_WEBHOOK_URL' }
        : { what: 'alert', ok: false, text: `ALERT_WEBHOOK_URL failed (${outcome.ok === false ? outcome.code : ''})` },
    );
  } else {
    lines.push({
      what: 'alert',
      ok: true,
      text: smtpUrl
        ? 'no ALERT_WEBHOOK_URL: a HubSpot problem is emailed to NOTIFY_EMAIL (the email above tested that path)'
        : 'no ALERT_WEBHOOK_URL and no SMTP_URL: delivery problems show only in /healthz and the log',
    });
  }
  if (!hubspotConfigured(config.public.hubspot)) {
    lines.push({ what: 'hubspot', ok: true, text: 'not configured: nothing sent (a test would create a contact)' });
    return lines;
  }
  const enquiries = await withStore(where, (store) => store.list());
  const last = enquiries
    .filter((e) => e.delivery.hubspot !== 'off' && e.progress.hubspot.lastAttemptAt)
    .sort((a, b) => (b.progress.hubspot.lastAttemptAt ?? '').localeCompare(a.progress.hubspot.lastAttemptAt ?? ''))[0];
  if (!last) {
    lines.push({
      what: 'hubspot',
      ok: true,
      text: 'nothing sent (a test would create a contact); no enquiry tried yet',
    });
    return lines;
  }
  const progress = last.progress.hubspot;
  const missing = progress.missingFields?.length
    ? `, without ${progress.missingFields.join(', ')} (not in the form)`
    : '';
  lines.push({
    what: 'hubspot',
    ok: last.delivery.hubspot !== 'failed',
    text: `nothing sent (a test would create a contact); last outcome: ${last.delivery.hubspot} at ${progress.lastAttemptAt}${
      last.delivery.hubspot === 'sent' ? missing : progress.lastErrorCode ? ` (${progress.lastErrorCode})` : ''
    } for enquiry ${last.id}`,
  });
  return lines;
}
