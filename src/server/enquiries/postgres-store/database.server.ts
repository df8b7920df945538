/**
 * The enquiry database (DATABASE_URL): one pool that the records, the delivery queue and the rate limit share,
 * opened with the schema brought up to date, and whether the database can be reached now (for /healthz). Why the
 * store has this shape: docs/decisions/enquiry-database.md.
 */
import pg from 'pg';
import { EnquiryStoreError, isStoreUnreachable, type OpenOptions, type StoreHealth } from '../enquiry-store.server.ts';
import { migrate } from './migrations.server.ts';

/** How often the store checks that the database answers while it is healthy, and while it is not. */
const healthCheckMs = 5_000;
/** A start waits this long for a database that is not up yet (a host rebooting with both), then stops. */
const startPatienceMs = 20_000;

/**
 * Every session's settings: short TCP keepalives on the server's side, and a cap on an idle open transaction (none is
 * ever left open across a send). If this machine vanishes mid-send, PostgreSQL ends its sessions (freeing the
 * sender's lease) within about 30 s instead of the system's two hours.
 */
export const sessionOptions =
  '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3 -c idle_in_transaction_session_timeout=60000';

/** The database's address as operators name it, never with the password. */
export function databaseHost(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return 'DATABASE_URL';
  const { hostname, port, pathname } = parsed;
  return `${hostname || 'localhost'}:${port || '5432'}${pathname && pathname !== '/' ? pathname : ''}`;
}

export class EnquiryDatabase {
  private problem?: string;
  private problemDetail?: string;
  private readonly monitor: NodeJS.Timeout;

  private constructor(
    readonly pool: pg.Pool,
    readonly url: string,
    private readonly logger: OpenOptions['logger'],
  ) {
    // An idle connection that breaks (the database restarted) is reported here; without a listener it would
    // end the process. The next query opens a new one.
    pool.on('error', (error) => this.noteFailure(error));
    this.monitor = setInterval(() => void this.query('SELECT 1').catch(() => undefined), healthCheckMs);
    this.monitor.unref();
  }

  /**
   * Connects, waiting up to 20 s for a database that is still starting, and brings the schema up to date. A
   * refused login, a missing database or no answer in time is one EnquiryStoreError naming the host, never the
   * password.
   */
  static async open(url: string, logger?: OpenOptions['logger']): Promise<EnquiryDatabase> {
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
      options: sessionOptions,
    });
    pool.on('error', () => undefined);
    const deadline = Date.now() + startPatienceMs;
    for (;;) {
      try {
        await migrate(pool);
        return new EnquiryDatabase(pool, url, logger);
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

  /** A query; a failure to reach the database marks it unhealthy until a query succeeds again. */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) {
    try {
      const result = await this.pool.query<R>(text, values);
      this.healthy();
      return result;
    } catch (error) {
      throw this.noteFailure(error);
    }
  }

  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
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
   * A failure to reach the database marks it unhealthy. /healthz is public, so its reason names no host, port,
   * database or user; the log gets those, once per distinct problem. Returns the error.
   */
  noteFailure(error: unknown): unknown {
    if (isStoreUnreachable(error)) {
      const { message, code } = (error ?? {}) as { message?: string; code?: string };
      const detail = `the enquiry database at ${databaseHost(this.url)} cannot be reached (${message || code})`;
      if (detail !== this.problemDetail) this.logger?.error(detail);
      this.problemDetail = detail;
      this.problem = 'the enquiry database cannot be reached';
    }
    return error;
  }

  health(): StoreHealth {
    return this.problem ? { ok: false, reason: this.problem } : { ok: true };
  }

  async close(): Promise<void> {
    clearInterval(this.monitor);
    await this.pool.end().catch(() => undefined);
  }

  private healthy(): void {
    if (this.problem) this.logger?.info('the enquiry database can be reached again');
    this.problem = undefined;
    this.problemDetail = undefined;
  }
}

function describeFailure(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === '28P01' || code === '28000') return `refused the login (${message})`;
  if (code === '3D000') return `has no such database (${message})`;
  if (isStoreUnreachable(error)) return `cannot be reached (${message || code})`;
  return `could not be prepared (${message || code})`;
}
