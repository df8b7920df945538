/**
 * The enquiries in PostgreSQL: a row of `enquiries` with one row of `enquiry_deliveries` per channel, added in one
 * statement (so one commit), read back whole, deleted, pruned and imported.
 */
import { enquiryFieldTable } from '../../../content/enquiry-form.ts';
import type { Attribution } from '../attribution.server.ts';
import { recordOrder } from '../enquiry-fields.server.ts';
import { assertLimits, type EnquiryRecords, type OpenOptions } from '../enquiry-store.server.ts';
import {
  channels,
  isEnquiryId,
  newStoredEnquiry,
  withWellFormedText,
  type Channel,
  type ChannelProgress,
  type DeliveryState,
  type StoredEnquiryFields,
  type StoredEnquiry,
} from '../enquiry.ts';
import type { EnquiryDatabase } from './database.server.ts';

const fieldKeys = recordOrder(enquiryFieldTable).map((field) => field.name);

export interface EnquiryRow {
  id: string;
  received_at: Date | string | number;
  fields: Record<string, string>;
  page_uri: string;
  page_name: string | null;
  hutk: string | null;
  spam: boolean;
  attribution: Attribution | null;
  deliveries: Array<{
    channel: Channel;
    state: DeliveryState;
    attempts: number;
    last_attempt_at: string | null;
    retry_at: string | null;
    sent_at: string | null;
    last_error: string | null;
    last_error_code: string | null;
    missing_fields: string[] | null;
    /** The claim on the delivery, while one holds it or after one ended without an outcome. */
    claim: string | null;
  }>;
}

/** An enquiry with its deliveries, for `fromRow`. */
export const selectEnquiries = `
  SELECT e.id, e.received_at, e.fields, e.page_uri, e.page_name, e.hutk, e.spam, e.attribution,
    (SELECT json_agg(d) FROM enquiry_deliveries d WHERE d.enquiry_id = e.id) AS deliveries
  FROM enquiries e`;

/**
 * A stored time as ISO text. A value that is no date (`infinity`, written before imports were checked) is shown as
 * it is rather than fail every command that reads the enquiry.
 */
function iso(value: Date | string | number | null): string | undefined {
  if (value === null) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

export function fromRow(row: EnquiryRow): StoredEnquiry {
  const fields = Object.fromEntries(
    fieldKeys.filter((key) => typeof row.fields[key] === 'string').map((key) => [key, row.fields[key]]),
  ) as unknown as StoredEnquiryFields;
  const enquiry: StoredEnquiry = {
    id: row.id,
    receivedAt: iso(row.received_at) ?? '',
    ...fields,
    pageUri: row.page_uri,
    ...(row.page_name ? { pageName: row.page_name } : {}),
    ...(row.hutk ? { hutk: row.hutk } : {}),
    spam: row.spam,
    ...(row.attribution ? { attribution: row.attribution } : {}),
    delivery: { hubspot: 'off', email: 'off' },
    progress: { hubspot: { attempts: 0 }, email: { attempts: 0 } },
  };
  for (const d of row.deliveries ?? []) {
    enquiry.delivery[d.channel] = d.state;
    const progress: ChannelProgress = { attempts: d.attempts };
    if (d.last_attempt_at) progress.lastAttemptAt = iso(d.last_attempt_at);
    if (d.retry_at) progress.retryAt = iso(d.retry_at);
    if (d.sent_at) progress.sentAt = iso(d.sent_at);
    if (d.last_error) progress.lastError = d.last_error;
    if (d.last_error_code) progress.lastErrorCode = d.last_error_code;
    if (d.missing_fields?.length) progress.missingFields = d.missing_fields;
    enquiry.progress[d.channel] = progress;
  }
  return enquiry;
}

function fieldsOf(enquiry: StoredEnquiryFields): Record<string, string> {
  return Object.fromEntries(fieldKeys.flatMap((key) => (enquiry[key] ? [[key, enquiry[key]]] : [])));
}

export function postgresRecords(db: EnquiryDatabase, options: OpenOptions): EnquiryRecords {
  async function get(id: string): Promise<StoredEnquiry | undefined> {
    // PostgreSQL would refuse anything else as a uuid with an error of its own.
    if (!isEnquiryId(id)) return undefined;
    const { rows } = await db.query<EnquiryRow>(`${selectEnquiries} WHERE e.id = $1`, [id]);
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  return {
    get,

    async add(enquiry) {
      const stored = newStoredEnquiry(withWellFormedText(enquiry), options.enabled);
      // One statement, so one commit: the enquiry and its deliveries are there together or not at all.
      await db.query(
        `WITH added AS (
           INSERT INTO enquiries (id, received_at, fields, page_uri, page_name, hutk, spam, attribution)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $10) RETURNING id
         )
         INSERT INTO enquiry_deliveries (enquiry_id, channel, state)
         SELECT id, channel, state FROM added, unnest($8::text[], $9::text[]) AS d(channel, state)`,
        [
          stored.id,
          stored.receivedAt,
          fieldsOf(stored),
          stored.pageUri,
          stored.pageName ?? null,
          stored.hutk ?? null,
          stored.spam,
          [...channels],
          channels.map((channel) => stored.delivery[channel]),
          stored.attribution ?? null,
        ],
      );
      return stored;
    },

    async list({ spam = false } = {}) {
      const { rows } = await db.query<EnquiryRow>(`${selectEnquiries} WHERE e.spam = $1 ORDER BY e.received_at DESC`, [
        spam,
      ]);
      return rows.map(fromRow);
    },

    async all() {
      const { rows } = await db.query<EnquiryRow>(`${selectEnquiries} ORDER BY e.received_at`);
      return rows.map(fromRow);
    },

    async find(idOrStart) {
      const exact = await get(idOrStart);
      if (exact) return [exact];
      if (!/^[0-9a-f-]+$/i.test(idOrStart)) return [];
      const { rows } = await db.query<EnquiryRow>(
        `${selectEnquiries} WHERE e.id::text LIKE $1 ORDER BY e.received_at LIMIT 20`,
        [`${idOrStart.toLowerCase()}%`],
      );
      return rows.map(fromRow);
    },

    async delete(id) {
      const found = await get(id);
      if (!found) return undefined;
      const { rowCount } = await db.query('DELETE FROM enquiries WHERE id = $1', [id]);
      return rowCount ? found : undefined;
    },

    async prune({ before, spamBefore }) {
      assertLimits(before, spamBefore);
      const { rowCount } = await db.query(
        'DELETE FROM enquiries WHERE received_at < CASE WHEN spam THEN $2::timestamptz ELSE $1::timestamptz END',
        [before, spamBefore],
      );
      return rowCount ?? 0;
    },

    import(enquiries) {
      return db.transaction(async (client) => {
        let added = 0;
        for (const e of enquiries.map(withWellFormedText)) {
          const { rowCount } = await client.query(
            `INSERT INTO enquiries (id, received_at, fields, page_uri, page_name, hutk, spam, attribution)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
            [
              e.id,
              e.receivedAt,
              fieldsOf(e),
              e.pageUri,
              e.pageName ?? null,
              e.hutk ?? null,
              e.spam,
              e.attribution ?? null,
            ],
          );
          if (!rowCount) continue;
          added += 1;
          for (const channel of channels) {
            const p = e.progress[channel];
            await client.query(
              `INSERT INTO enquiry_deliveries
                 (enquiry_id, channel, state, attempts, last_attempt_at, retry_at, sent_at, last_error, last_error_code,
                  missing_fields)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
              [
                e.id,
                channel,
                e.delivery[channel],
                p.attempts,
                p.lastAttemptAt ?? null,
                p.retryAt ?? null,
                p.sentAt ?? null,
                p.lastError ?? null,
                p.lastErrorCode ?? null,
                p.missingFields ?? null,
              ],
            );
          }
        }
        return added;
      });
    },
  };
}
