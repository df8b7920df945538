/**
 * The sender's lease in PostgreSQL: an advisory lock held by one connection of its own for as long as the lease
 * lasts. If this process dies, its connection closes and PostgreSQL frees the lock at once; if its machine vanishes,
 * the server's short TCP keepalives end that session within about 30 s. This side may not notice a dead server (a
 * failover, a partition) for minutes, so `lost()` is only a hint: each claim proves in the database that the lock is
 * still this connection's (delivery-queue.server.ts, through `leaseBackend`).
 */
import { Socket } from 'node:net';
import pg from 'pg';
import type { SenderJob, SenderLease, SenderLeaseStore } from '../enquiry-store.server.ts';
import { sessionOptions, type EnquiryDatabase } from './database.server.ts';

/** "enqd" in ASCII: the advisory lock the sending instance holds. */
export const senderLockKey = 0x656e7164;
/** "nwsl" in ASCII: the newsletter hand-on's lock, apart so that it never holds up the enquiries'. */
const lockKeys: Record<SenderJob, number> = { enquiries: senderLockKey, newsletter: 0x6e77736c };
/** The lease's connection answers within this, or counts as lost (a half-open socket answers never). */
const leaseQueryTimeoutMs = 5_000;
/** Ending the lease's connection waits this long for the server's goodbye before dropping the socket. */
const leaseEndMs = 2_000;

/** The backend pid of each lease's connection: a claim is written only while that backend holds the lock. */
const leaseBackends = new WeakMap<SenderLease, number>();
export const leaseBackend = (lease: SenderLease): number | undefined => leaseBackends.get(lease);

export function postgresSenderLease(db: EnquiryDatabase): SenderLeaseStore {
  return {
    async takeSenderLease(job = 'enquiries') {
      const lockKey = lockKeys[job];
      // A lease held elsewhere is seen through the pool: a connection of its own is opened only for a free one.
      const { rows } = await db.query<{ held: boolean }>(
        `SELECT EXISTS (
           SELECT 1 FROM pg_locks
           WHERE locktype = 'advisory' AND classid = 0 AND objid = $1::oid AND objsubid = 1 AND granted
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS held`,
        [lockKey],
      );
      if (rows[0]?.held) return undefined;
      let socket: Socket | undefined;
      const client = new pg.Client({
        connectionString: db.url,
        connectionTimeoutMillis: 5_000,
        query_timeout: leaseQueryTimeoutMs,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        options: sessionOptions,
        // The socket is made here, so that one whose server went silent can be dropped (see `end`).
        stream: () => (socket = new Socket()),
      });
      let lost = false;
      client.on('error', () => {
        lost = true;
      });
      client.on('end', () => {
        lost = true;
      });
      /** Ends the connection, dropping its socket when the server does not say goodbye in time (half-open). */
      const end = async () => {
        let timer: NodeJS.Timeout | undefined;
        const ended = await Promise.race([
          client.end().then(
            () => true,
            () => true,
          ),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), leaseEndMs))),
        ]);
        clearTimeout(timer);
        if (!ended) socket?.destroy();
      };
      let pid: number;
      try {
        await client.connect();
        const { rows: taken } = await client.query<{ held: boolean; pid: number }>(
          'SELECT pg_try_advisory_lock($1) AS held, pg_backend_pid() AS pid',
          [lockKey],
        );
        if (!taken[0]?.held) {
          await end();
          return undefined;
        }
        pid = taken[0].pid;
      } catch (error) {
        await end();
        throw db.noteFailure(error);
      }
      const lease: SenderLease = {
        lost: () => lost,
        // Unlocking first frees the lock at once; a lost connection (or one that does not answer in time) is not
        // asked: dropping it frees the lock on the server's side, and waiting on it would hold up a stop.
        release: async () => {
          if (!lost) {
            await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => {
              lost = true;
            });
          }
          await end();
        },
      };
      leaseBackends.set(lease, pid);
      return lease;
    },
  };
}
