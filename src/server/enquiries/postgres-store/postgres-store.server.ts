/**
 * The enquiry store for several machines: PostgreSQL (DATABASE_URL), shared by every instance that names it, its
 * jobs each in a module of their own over one pool (database.server.ts): the records, the delivery queue, the
 * sender's lease, and the rate limit's counts. Why this shape: docs/decisions/enquiry-database.md.
 */
import { postgresSubscribers } from '../../newsletter/postgres-subscribers.server.ts';
import type { EnquiryStore, OpenOptions } from '../enquiry-store.server.ts';
import { EnquiryDatabase } from './database.server.ts';
import { postgresDeliveryQueue } from './delivery-queue.server.ts';
import { PostgresRateLimitStore } from './rate-limit.server.ts';
import { postgresRecords } from './records.server.ts';
import { postgresSenderLease } from './sender-lease.server.ts';

/** Connects (a problem is an EnquiryStoreError of one line naming the host) and brings the schema up to date. */
export async function openPostgresStore(url: string, options: OpenOptions): Promise<EnquiryStore> {
  const db = await EnquiryDatabase.open(url, options.logger);
  return {
    ...postgresRecords(db, options),
    ...postgresDeliveryQueue(db),
    ...postgresSenderLease(db),
    ...postgresSubscribers(db),
    rateLimitStore: (name) => new PostgresRateLimitStore(db.pool, `${name}:`),
    health: () => db.health(),
    close: () => db.close(),
  };
}
