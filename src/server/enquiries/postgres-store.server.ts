/**
 * Enquiries in PostgreSQL (DATABASE_URL), shared by every instance that names the database: an enquiry is
 * committed before the form answers; one instance at a time sends deliveries, holding an advisory lock on a
 * connection of its own (PostgreSQL frees it when that connection dies, so another instance takes over); the
 * sender claims each delivery until a deadline in one short statement, sends with no transaction open, and records
 * the outcome in a second one. Why this shape: docs/decisions/enquiry-database.md.
 */
import pg from 'pg';
import {
  assertLimits,
  EnquiryStoreError,
  isStoreUnreachable,
  refusedLoginCodes,
  type AlertState,
  type AttemptResult,
  type ChannelFigures,
  type DeliveryClaim,
  type DeliveryQueue,
  type EnquiryStore,
  type OpenOptions,
  type RecentDelivery,
  type SenderLease,
  type StoreHealth,
} from './enquiry-store.server.ts';
import {
  channels,
  isEnquiryId,
  newStoredEnquiry,
  withWellFormedText,
  type Channel,
  type ChannelProgress,
  type DeliveryState,
  type EnquiryFields,
  type NewEnquiry,
  type StoredEnquiry,
} from './enquiry.ts';
import type { Attribution } from './attribution.server.ts';
import { migrate } from './migrations.server.ts';
import { enquiryFieldTable } from '../../content/enquiry-form.ts';
import { recordOrder } from './enquiry-fields.server.ts';

/** "enquiry sender" in ASCII: the advisory lock the sending instance holds. */
const senderLockKey = 0x656e7164;
/** How often the store checks that the database answers while it is healthy, and while it is not. */
const healthCheckMs = 5_000;
/** Short TCP keepalives, and a cap on an idle open transaction (none is ever left open across a send). */
const sessionOptions =
  '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3 -c idle_in_transaction_session_timeout=60000';
/** A start waits this long for a database that is not up yet (a host rebooting with both), then stops. */
const startPatienceMs = 20_000;

const fieldKeys = recordOrder(enquiryFieldTable).map((field) => field.name);

interface EnquiryRow {
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
  }>;
}

const selectEnquiries = `
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

function fromRow(row: EnquiryRow): StoredEnquiry {
  const fields = Object.fromEntries(
    fieldKeys.filter((key) => typeof row.fields[key] === 'string').map((key) => [key, row.fields[key]]),
  ) as unknown as EnquiryFields;
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

function fieldsOf(enquiry: EnquiryFields): Record<string, string> {
  return Object.fromEntries(fieldKeys.flatMap((key) => (enquiry[key] ? [[key, enquiry[key]]] : [])));
}

/** The database's address as operators name it, never with the password. */
export function databaseHost(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname || 'localhost'}:${port || '5432'}${pathname && pathname !== '/' ? pathname : ''}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * The backend pid of each lease's connection: a claim is written only while that backend holds the sender's lock,
 * so a sender whose lease went with a failover or a partition it has not noticed claims nothing.
 */
const leaseBackends = new WeakMap<SenderLease, number>();
/** The lease's connection answers within this, or counts as lost (a half-open socket answers never). */
const leaseQueryTimeoutMs = 5_000;
/** Ending the lease's connection waits this long for the server's goodbye before dropping the socket. */
const leaseEndMs = 2_000;

export class PostgresEnquiryStore implements EnquiryStore {
  private problem?: string;
  private problemDetail?: string;
  private readonly monitor: NodeJS.Timeout;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly options: OpenOptions,
  ) {
    // An idle connection that breaks (the database restarted) is reported here; without a listener it would
    // end the process. The next query opens a new one.
    pool.on('error', (error) => this.noteFailure(error));
    this.monitor = setInterval(() => void this.checkHealth(), healthCheckMs);
    this.monitor.unref();
  }

  /**
   * Connects, waiting up to 20 s for a database that is still starting, and brings the schema up to date. A
   * refused login, a missing database or no answer in time is one EnquiryStoreError naming the host, never the
   * password.
   */
  static async open(url: string, options: OpenOptions): Promise<PostgresEnquiryStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // A half-open connection (the database's host gone, a partition) fails the query in 10 s, so the form
      // answers 503 rather than hanging.
      query_timeout: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // If this machine vanishes mid-send, PostgreSQL ends its session (and frees the delivery it had claimed)
      // within about 30 s instead of the system's two hours.
      options: sessionOptions,
    });
    pool.on('error', () => undefined);
    const deadline = Date.now() + startPatienceMs;
    for (;;) {
      try {
        await migrate(pool);
        return new PostgresEnquiryStore(pool, url, options);
      } catch (error) {
        if (isStoreUnreachable(error) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          continue;
        }
        await pool.end().catch(() => undefined);
        throw new EnquiryStoreError(`the enquiry database at ${databaseHost(url)} ${describeFailure(error)}`);
      }
    }
  }

  async add(enquiry: NewEnquiry): Promise<StoredEnquiry> {
    const stored = newStoredEnquiry(withWellFormedText(enquiry), this.options.enabled);
    // One statement, so one commit: the enquiry and its deliveries are there together or not at all.
    await this.query(
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
  }

  async list({ spam = false } = {}): Promise<StoredEnquiry[]> {
    const { rows } = await this.query<EnquiryRow>(`${selectEnquiries} WHERE e.spam = $1 ORDER BY e.received_at DESC`, [
      spam,
    ]);
    return rows.map(fromRow);
  }

  async all(): Promise<StoredEnquiry[]> {
    const { rows } = await this.query<EnquiryRow>(`${selectEnquiries} ORDER BY e.received_at`);
    return rows.map(fromRow);
  }

  async get(id: string): Promise<StoredEnquiry | undefined> {
    // PostgreSQL would refuse anything else as a uuid with an error of its own.
    if (!isEnquiryId(id)) return undefined;
    const { rows } = await this.query<EnquiryRow>(`${selectEnquiries} WHERE e.id = $1`, [id]);
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  async find(idOrStart: string): Promise<StoredEnquiry[]> {
    const exact = await this.get(idOrStart);
    if (exact) return [exact];
    if (!/^[0-9a-f-]+$/i.test(idOrStart)) return [];
    const { rows } = await this.query<EnquiryRow>(
      `${selectEnquiries} WHERE e.id::text LIKE $1 ORDER BY e.received_at LIMIT 20`,
      [`${idOrStart.toLowerCase()}%`],
    );
    return rows.map(fromRow);
  }

  async delete(id: string): Promise<StoredEnquiry | undefined> {
    const found = await this.get(id);
    if (!found) return undefined;
    const { rowCount } = await this.query('DELETE FROM enquiries WHERE id = $1', [id]);
    return rowCount ? found : undefined;
  }

  async retry(): Promise<Record<Channel, number>> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<{ channel: Channel }>(
        `UPDATE enquiry_deliveries d
         SET state = 'pending', attempts = 0, last_attempt_at = NULL, retry_at = NULL, sent_at = NULL
         FROM enquiries e
         WHERE e.id = d.enquiry_id AND NOT e.spam AND d.state = 'failed'
         RETURNING d.channel`,
      );
      await client.query(
        `UPDATE enquiry_deliveries SET retry_at = NULL WHERE state = 'pending' AND retry_at IS NOT NULL`,
      );
      const requeued = { hubspot: 0, email: 0 };
      for (const row of rows) requeued[row.channel] += 1;
      return requeued;
    });
  }

  async prune({ before, spamBefore }: { before: Date; spamBefore: Date }): Promise<number> {
    assertLimits(before, spamBefore);
    const { rowCount } = await this.query(
      'DELETE FROM enquiries WHERE received_at < CASE WHEN spam THEN $2::timestamptz ELSE $1::timestamptz END',
      [before, spamBefore],
    );
    return rowCount ?? 0;
  }

  async import(enquiries: StoredEnquiry[]): Promise<number> {
    return this.transaction(async (client) => {
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
  }

  async queue(enabled: readonly Channel[]): Promise<DeliveryQueue> {
    const { rows } = await this.query<{ due: string | null; waiting: string }>(
      `SELECT
         extract(epoch FROM min(coalesce(d.retry_at, e.received_at)) FILTER (WHERE d.channel = ANY($1))) * 1000 AS due,
         count(*) FILTER (WHERE NOT d.channel = ANY($1)) AS waiting
       FROM enquiry_deliveries d JOIN enquiries e ON e.id = d.enquiry_id
       WHERE d.state = 'pending' AND NOT e.spam AND (d.claim_until IS NULL OR d.claim_until < now())`,
      [[...enabled]],
    );
    const row = rows[0];
    return { dueAt: row?.due === null || !row ? Infinity : Number(row.due), waiting: Number(row?.waiting ?? 0) };
  }

  /**
   * The sender's lease: an advisory lock held by a connection of its own. If this process dies, its connection
   * closes and PostgreSQL frees the lock at once; if its machine vanishes, the server's short TCP keepalives end
   * that session within about 30 s. This side may not notice a dead server (a failover, a partition) for minutes,
   * so `lost()` is only a hint: each claim proves in the database that the lock is still this connection's.
   */
  async takeSenderLease(): Promise<SenderLease | undefined> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5_000,
      query_timeout: leaseQueryTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      options: sessionOptions,
    });
    let lost = false;
    client.on('error', () => {
      lost = true;
    });
    client.on('end', () => {
      lost = true;
    });
    let pid: number;
    try {
      await client.connect();
      const { rows } = await client.query<{ held: boolean; pid: number }>(
        'SELECT pg_try_advisory_lock($1) AS held, pg_backend_pid() AS pid',
        [senderLockKey],
      );
      if (!rows[0]?.held) {
        await endClient(client);
        return undefined;
      }
      pid = rows[0].pid;
    } catch (error) {
      await endClient(client);
      throw this.noteFailure(error);
    }
    const lease: SenderLease = {
      lost: () => lost,
      // Unlocking first frees the lock at once; a lost connection (or one that does not answer in time) is not
      // asked: dropping it frees the lock on the server's side, and waiting on it would hold up a stop.
      release: async () => {
        if (!lost) {
          await client.query('SELECT pg_advisory_unlock($1)', [senderLockKey]).catch(() => {
            lost = true;
          });
        }
        await endClient(client);
      },
    };
    leaseBackends.set(lease, pid);
    return lease;
  }

  async claimNext(channel: Channel, holdMs: number, lease: SenderLease): Promise<DeliveryClaim | undefined> {
    const backend = leaseBackends.get(lease);
    if (backend === undefined || lease.lost()) return undefined;
    const claim = crypto.randomUUID();
    const deadline = Date.now() + holdMs;
    // One statement, so one short transaction: the row lock lasts only as long as the update. It claims only while
    // the lease's backend holds the sender's lock. The deadline and the attempt's start are the database's clock,
    // the same for every instance; what is due follows the outbox's clock, which set retry_at. The select sees the
    // row as it was before the update.
    const { rows } = await this.query<EnquiryRow>(
      `WITH claimed AS (
         UPDATE enquiry_deliveries
         SET claim = $3, claim_until = now() + $4::float8 * interval '1 millisecond', last_attempt_at = now()
         WHERE (enquiry_id, channel) IN (
           SELECT d.enquiry_id, d.channel FROM enquiry_deliveries d JOIN enquiries e ON e.id = d.enquiry_id
           WHERE d.state = 'pending' AND d.channel = $1 AND NOT e.spam
             AND coalesce(d.retry_at, e.received_at) <= $2
             AND (d.claim_until IS NULL OR d.claim_until < now())
           ORDER BY coalesce(d.retry_at, e.received_at)
           LIMIT 1
           FOR UPDATE OF d SKIP LOCKED)
         AND EXISTS (
           SELECT 1 FROM pg_locks
           WHERE locktype = 'advisory' AND classid = 0 AND objid = $5::oid AND objsubid = 1 AND pid = $6 AND granted)
         RETURNING enquiry_id
       )
       ${selectEnquiries} WHERE e.id = (SELECT enquiry_id FROM claimed)`,
      [channel, new Date(), claim, holdMs, senderLockKey, backend],
    );
    return rows[0] ? { id: claim, channel, enquiry: fromRow(rows[0]), deadline } : undefined;
  }

  async recordOutcome(claim: DeliveryClaim, result?: AttemptResult): Promise<void> {
    const where = 'WHERE enquiry_id = $1 AND channel = $2 AND claim = $3';
    const key = [claim.enquiry.id, claim.channel, claim.id];
    if (!result) {
      // Given back as it was: the claim's stamp of the attempt's start goes too.
      await this.query(
        `UPDATE enquiry_deliveries SET claim = NULL, claim_until = NULL, last_attempt_at = $4 ${where}`,
        [...key, claim.enquiry.progress[claim.channel].lastAttemptAt ?? null],
      );
      return;
    }
    // last_attempt_at stays as the claim stamped it, by the database's clock.
    const { state, progress } = result;
    await this.query(
      `UPDATE enquiry_deliveries
       SET state = $4, attempts = $5, retry_at = $6, sent_at = $7, last_error = $8,
         last_error_code = $9, missing_fields = $10, claim = NULL, claim_until = NULL
       ${where}`,
      [
        ...key,
        state,
        progress.attempts,
        progress.retryAt ?? null,
        progress.sentAt ?? null,
        progress.lastError ?? null,
        progress.lastErrorCode ?? null,
        progress.missingFields ?? null,
      ],
    );
  }

  async recentAttempts(channel: Channel, windowMs: number): Promise<RecentDelivery[]> {
    // Ages by the database's clock, so an instance whose clock runs ahead cannot make the others wait for it.
    const { rows } = await this.query<{ age: number; attempts: number }>(
      `SELECT greatest(0, extract(epoch FROM now() - last_attempt_at) * 1000)::float8 AS age, attempts
       FROM enquiry_deliveries
       WHERE channel = $1 AND last_attempt_at > now() - $2::float8 * interval '1 millisecond'
       ORDER BY last_attempt_at`,
      [channel, windowMs],
    );
    const now = Date.now();
    return rows.map((row) => ({ lastAttemptAt: now - row.age, attempts: row.attempts }));
  }

  async deliveryFigures(): Promise<Record<Channel, ChannelFigures>> {
    const { rows } = await this.query<{
      channel: Channel;
      pending: string;
      failed: string;
      oldest: string | null;
      refused: string;
      code: string | null;
      missing: string[] | null;
    }>(
      `WITH open AS (
         SELECT d.* , e.received_at FROM enquiry_deliveries d JOIN enquiries e ON e.id = d.enquiry_id
         WHERE NOT e.spam AND d.state IN ('pending', 'failed')
       )
       SELECT c.channel,
         (SELECT count(*) FROM open WHERE open.channel = c.channel AND state = 'pending') AS pending,
         (SELECT count(*) FROM open WHERE open.channel = c.channel AND state = 'failed') AS failed,
         (SELECT extract(epoch FROM min(received_at)) * 1000 FROM open WHERE open.channel = c.channel AND state = 'pending') AS oldest,
         (SELECT count(*) FROM open WHERE open.channel = c.channel AND state = 'pending' AND last_error_code = ANY($1)) AS refused,
         (SELECT last_error_code FROM open WHERE open.channel = c.channel AND last_error_code IS NOT NULL
          ORDER BY last_attempt_at DESC NULLS LAST LIMIT 1) AS code,
         (SELECT d.missing_fields FROM enquiry_deliveries d JOIN enquiries e ON e.id = d.enquiry_id
          WHERE d.channel = c.channel AND d.state = 'sent' AND NOT e.spam ORDER BY d.sent_at DESC NULLS LAST LIMIT 1) AS missing
       FROM unnest($2::text[]) AS c(channel)`,
      [[...refusedLoginCodes], [...channels]],
    );
    const figures = {} as Record<Channel, ChannelFigures>;
    for (const row of rows) {
      figures[row.channel] = {
        pending: Number(row.pending),
        failed: Number(row.failed),
        oldestPendingAt: row.oldest === null ? null : Math.round(Number(row.oldest)),
        refusedLogin: Number(row.refused),
        ...(row.code ? { lastErrorCode: row.code } : {}),
        ...(row.channel === 'hubspot' && row.missing?.length ? { missingFields: row.missing } : {}),
      };
    }
    return figures;
  }

  async alertStates(): Promise<Partial<Record<Channel, AlertState>>> {
    const { rows } = await this.query<{ channel: Channel; state: AlertState }>(
      'SELECT channel, state FROM delivery_alerts',
    );
    return Object.fromEntries(rows.map((row) => [row.channel, row.state]));
  }

  async saveAlertState(channel: Channel, state: AlertState): Promise<void> {
    await this.query(
      `INSERT INTO delivery_alerts (channel, state) VALUES ($1, $2)
       ON CONFLICT (channel) DO UPDATE SET state = excluded.state`,
      [channel, state],
    );
  }

  /** The rate limit's counts live here too (see postgres-rate-limit.server.ts): they share this pool. */
  get connections(): pg.Pool {
    return this.pool;
  }

  health(): StoreHealth {
    return this.problem ? { ok: false, reason: this.problem } : { ok: true };
  }

  async close(): Promise<void> {
    clearInterval(this.monitor);
    await this.pool.end().catch(() => undefined);
  }

  /** A query; a failure to reach the database marks the store unhealthy until a query succeeds again. */
  private async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) {
    try {
      const result = await this.pool.query<R>(text, values);
      this.healthy();
      return result;
    } catch (error) {
      throw this.noteFailure(error);
    }
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.noteFailure(error);
    }
    // The pool listens to idle clients only: a session the database ends (a restart, pg_terminate_backend, a
    // timeout) while this one is checked out would otherwise end the process.
    const onError = (error: Error) => void this.noteFailure(error);
    client.on('error', onError);
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      this.healthy();
      return result;
    } catch (error) {
      broken = error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw this.noteFailure(error);
    } finally {
      client.off('error', onError);
      // A client whose transaction failed is closed rather than reused: its session may be gone.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  /**
   * A failure to reach the database marks the store unhealthy. /healthz is public, so its reason names no host,
   * port, database or user; the log gets those, once per distinct problem.
   */
  private noteFailure(error: unknown): unknown {
    if (isStoreUnreachable(error)) {
      const { message, code } = error as { message?: string; code?: string };
      const detail = `the enquiry database at ${databaseHost(this.url)} cannot be reached (${message || code})`;
      if (detail !== this.problemDetail) this.options.logger?.error(detail);
      this.problemDetail = detail;
      this.problem = 'the enquiry database cannot be reached';
    }
    return error;
  }

  private healthy(): void {
    if (this.problem) this.options.logger?.info('the enquiry database can be reached again');
    this.problem = undefined;
    this.problemDetail = undefined;
  }

  private async checkHealth(): Promise<void> {
    await this.query('SELECT 1').catch(() => undefined);
  }
}

/** Ends a client, dropping its socket when the server does not say goodbye in time (a half-open connection). */
async function endClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    client.end().then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), leaseEndMs))),
  ]);
  clearTimeout(timer);
  if (!ended) (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

function describeFailure(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  if (code === '28P01' || code === '28000') return `refused the login (${message})`;
  if (code === '3D000') return `has no such database (${message})`;
  if (isStoreUnreachable(error)) return `cannot be reached (${message || code})`;
  return `could not be prepared (${message || code})`;
}
