/** What only the PostgreSQL store promises: several instances on one database, and a database that goes away. */
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { startTestPostgres } from '../../../../scripts/lib/postgres.ts';
import { EnquiryStoreError, type EnquiryStore, type SenderLease } from '../enquiry-store.server.ts';
import { migrations } from './migrations.server.ts';
import { openPostgresStore } from './postgres-store.server.ts';
import { PostgresRateLimitStore } from './rate-limit.server.ts';
import { newEnquiry, tcpProxy, testDatabase } from '../../../../test-support/enquiries.ts';

const database = testDatabase();
const enabled = { hubspot: true, email: false };
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(url = database.url): Promise<EnquiryStore> {
  const store = await openPostgresStore(url, { enabled });
  cleanups.push(() => store.close());
  return store;
}

describe('the PostgreSQL store', { timeout: 60_000 }, () => {
  test('instances starting at once migrate the database once, and later starts change nothing', async () => {
    const stores = await Promise.all(Array.from({ length: 6 }, () => open()));
    const client = new pg.Client(database.url);
    await client.connect();
    cleanups.push(() => client.end());
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
    await stores[0]?.add(newEnquiry());
    await open();
    expect(await stores[5]?.list()).toHaveLength(1);
  });

  test('the sender lease is freed when its holder’s connection dies', async () => {
    const [a, b] = [await open(), await open()];
    const lease = await a.takeSenderLease();
    expect(await b.takeSenderLease()).toBeUndefined();
    // As when the holder is killed: its session ends without unlocking.
    const admin = new pg.Client(database.url);
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()`,
    );
    await expect.poll(() => lease?.lost()).toBe(true);
    const next = await b.takeSenderLease();
    expect(next).toBeDefined();
    await next?.release();
    await lease?.release();
  });

  test('a sender whose lease went without its noticing claims nothing: each claim proves the lease in the database', async () => {
    const proxy = await tcpProxy(database.url);
    cleanups.push(() => proxy.close());
    const [a, b] = [await open(proxy.url), await open()];
    const added = await b.add(newEnquiry());
    const before = proxy.opened();
    const stale = await a.takeSenderLease();
    cleanups.push(() => stale?.release());
    // A partition cuts the lease's connection only: the database ends that session, a's side hears nothing.
    proxy.freezeFrom(before);
    const admin = new pg.Client(database.url);
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()`,
    );
    let lease: SenderLease | undefined;
    await expect.poll(async () => (lease ??= await b.takeSenderLease())).toBeDefined();
    cleanups.push(() => lease?.release());
    expect(stale?.lost()).toBe(false);
    expect(await a.claimNext('hubspot', 60_000, stale!)).toBeUndefined();
    expect((await b.claimNext('hubspot', 60_000, lease!))?.enquiry.id).toBe(added.id);
  });

  test('releasing a lease whose connection went half-open ends within seconds and frees the lock', async () => {
    const proxy = await tcpProxy(database.url);
    cleanups.push(() => proxy.close());
    const [a, b] = [await open(proxy.url), await open()];
    const before = proxy.opened();
    const lease = await a.takeSenderLease();
    proxy.freezeFrom(before);
    const started = performance.now();
    await lease?.release();
    // The unlock's timeout, then dropping the socket; without them it waits for an answer that never comes.
    expect(performance.now() - started).toBeLessThan(10_000);
    let next: SenderLease | undefined;
    await expect.poll(async () => (next ??= await b.takeSenderLease())).toBeDefined();
    await next?.release();
  });

  test('a refused login or a missing database is one line naming the host, never the password', async () => {
    const url = new URL(database.url);
    url.username = 'nobody';
    url.password = 's3cret-pa55';
    const error = await openPostgresStore(url.href, { enabled }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EnquiryStoreError);
    expect((error as Error).message).toMatch(
      new RegExp(`^the enquiry database at 127\\.0\\.0\\.1:${url.port}/test_\\S+ refused the login \\(.*nobody.*\\)$`),
    );
    expect((error as Error).message).not.toContain('s3cret');
    const missing = await openPostgresStore(database.url.replace(/\/[^/]+$/, '/no_such_db'), {
      enabled,
    }).catch((e: unknown) => e);
    expect((missing as Error).message).toMatch(
      /^the enquiry database at 127\.0\.0\.1:\d+\/no_such_db has no such database/,
    );
  });

  test('while the database is down: unhealthy, adds fail, and it recovers by itself when the database returns', async () => {
    const server = await startTestPostgres();
    cleanups.push(() => server.stop());
    const logged: string[] = [];
    const logger = {
      info: (line: string) => logged.push(`info: ${line}`),
      error: (line: string) => logged.push(`error: ${line}`),
    };
    const store = await openPostgresStore(await server.createDatabase('outage'), { enabled, logger });
    cleanups.push(() => store.close());
    await store.add(newEnquiry());
    expect(store.health()).toEqual({ ok: true });

    await server.stop({ keep: true });
    await expect(store.add(newEnquiry())).rejects.toThrow();
    // Public (/healthz): no host, port, database or user name; the log has them.
    expect(store.health()).toEqual({ ok: false, reason: 'the enquiry database cannot be reached' });
    // One line per distinct failure (the session ended, then the connection refused).
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).toMatch(/^error: the enquiry database at 127\.0\.0\.1:\d+\/outage cannot be reached/);
    }

    await server.start();
    await expect.poll(() => store.health(), { timeout: 20_000, interval: 250 }).toEqual({ ok: true });
    expect(logged.at(-1)).toBe('info: the enquiry database can be reached again');
    await store.add(newEnquiry({ firstname: 'After' }));
    expect((await store.list()).map((e) => e.firstname)).toEqual(['After', 'Ada']);
  });
});

describe('the rate limit counts in PostgreSQL', { timeout: 30_000 }, () => {
  async function limiter(store: EnquiryStore, windowMs = 60_000) {
    const counts = store.rateLimitStore?.('enquiries');
    if (!(counts instanceof PostgresRateLimitStore)) throw new Error('the PostgreSQL store keeps no rate limit counts');
    counts.init({ windowMs } as Parameters<PostgresRateLimitStore['init']>[0]);
    return counts;
  }

  test('counts each key across instances, counts down, and starts again after the window', async () => {
    const [a, b] = [await limiter(await open()), await limiter(await open())];
    expect((await a.increment('203.0.113.1')).totalHits).toBe(1);
    expect((await b.increment('203.0.113.1')).totalHits).toBe(2);
    expect((await b.increment('203.0.113.2')).totalHits).toBe(1);
    // Two instances counting at once both count.
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).increment('203.0.113.1')));
    expect((await a.get('203.0.113.1'))?.totalHits).toBe(22);
    await a.decrement('203.0.113.1');
    expect((await b.get('203.0.113.1'))?.totalHits).toBe(21);
    await b.resetKey('203.0.113.1');
    expect(await a.get('203.0.113.1')).toBeUndefined();

    const short = await limiter(await open(), 200);
    await short.increment('198.51.100.1');
    // The window ends by the database's clock: wait until it says so.
    await expect.poll(() => short.get('198.51.100.1'), { interval: 50 }).toBeUndefined();
    const again = await short.increment('198.51.100.1');
    expect(again.totalHits).toBe(1);
    expect(again.resetTime!.getTime()).toBeGreaterThan(Date.now());
  });
});
