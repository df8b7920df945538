/**
 * express-rate-limit's counts in PostgreSQL, so that ENQUIRY_RATE_LIMIT holds across every instance: one row per
 * visitor address and window, counted up in one statement (two instances counting at once both count). Expired
 * rows are swept now and then. The packaged PostgreSQL stores bring a second migration system and schema of
 * their own; this is the one table the enquiry migrations already create.
 */
import type { Pool } from 'pg';
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';

const sweepEveryMs = 10 * 60 * 1000;

export class PostgresRateLimitStore implements Store {
  localKeys = false;
  private windowMs = 60 * 60 * 1000;
  private lastSweep = 0;

  constructor(
    private readonly pool: Pool,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.pool.query<{ hits: number; reset_at: Date }>(
      'SELECT hits, reset_at FROM enquiry_rate_limits WHERE key = $1 AND reset_at > now()',
      [this.prefix + key],
    );
    const row = rows[0];
    return row ? { totalHits: row.hits, resetTime: row.reset_at } : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const { rows } = await this.pool.query<{ hits: number; reset_at: Date }>(
      `INSERT INTO enquiry_rate_limits AS r (key, hits, reset_at)
       VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
         reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix + key, this.windowMs],
    );
    void this.sweep();
    const row = rows[0];
    if (!row) throw new Error('the rate limit count was not returned');
    return { totalHits: row.hits, resetTime: row.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.pool.query(
      'UPDATE enquiry_rate_limits SET hits = greatest(hits - 1, 0) WHERE key = $1 AND reset_at > now()',
      [this.prefix + key],
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.pool.query('DELETE FROM enquiry_rate_limits WHERE key = $1', [this.prefix + key]);
  }

  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < sweepEveryMs) return;
    this.lastSweep = Date.now();
    await this.pool.query('DELETE FROM enquiry_rate_limits WHERE reset_at <= now()').catch(() => undefined);
  }
}
