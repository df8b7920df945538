/**
 * The delivery queue in PostgreSQL: the sender claims each delivery until a deadline in one short statement, sends
 * with no transaction open, and records the outcome in a second one; the figures and the pacing are read by the
 * database's clock, the same for every instance; the alerts' state is the table `delivery_alerts`.
 */
import type { AlertChannel, AlertState, ChannelFigures, DeliveryQueueStore } from '../enquiry-store.server.ts';
import { channels, type Channel } from '../enquiry.ts';
import { refusedLoginCodes } from '../mail.server.ts';
import type { EnquiryDatabase } from './database.server.ts';
import { fromRow, selectEnquiries, type EnquiryRow } from './records.server.ts';
import { leaseBackend, senderLockKey } from './sender-lease.server.ts';

export function postgresDeliveryQueue(db: EnquiryDatabase): DeliveryQueueStore {
  return {
    retry() {
      return db.transaction(async (client) => {
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
    },

    async queue(enabled) {
      const { rows } = await db.query<{ due: string | null; waiting: string }>(
        `SELECT
           extract(epoch FROM min(coalesce(d.retry_at, e.received_at)) FILTER (WHERE d.channel = ANY($1))) * 1000 AS due,
           count(*) FILTER (WHERE NOT d.channel = ANY($1)) AS waiting
         FROM enquiry_deliveries d JOIN enquiries e ON e.id = d.enquiry_id
         WHERE d.state = 'pending' AND NOT e.spam AND (d.claim_until IS NULL OR d.claim_until < now())`,
        [[...enabled]],
      );
      const row = rows[0];
      return { dueAt: row?.due === null || !row ? Infinity : Number(row.due), waiting: Number(row?.waiting ?? 0) };
    },

    async claimNext(channel, holdMs, lease) {
      const backend = leaseBackend(lease);
      if (backend === undefined || lease.lost()) return undefined;
      const claim = crypto.randomUUID();
      const deadline = Date.now() + holdMs;
      // One statement, so one short transaction: the row lock lasts only as long as the update. It claims only
      // while the lease's backend holds the sender's lock. The deadline and the attempt's start are the database's
      // clock, the same for every instance; what is due follows the outbox's clock, which set retry_at. The select
      // sees the row as it was before the update, an earlier claim that ended without an outcome included.
      const { rows } = await db.query<EnquiryRow>(
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
      const row = rows[0];
      if (!row) return undefined;
      const afterUnrecorded = Boolean(row.deliveries.find((d) => d.channel === channel)?.claim);
      return { id: claim, channel, enquiry: fromRow(row), deadline, afterUnrecorded };
    },

    async recordOutcome(claim, result) {
      const where = 'WHERE enquiry_id = $1 AND channel = $2 AND claim = $3';
      const key = [claim.enquiry.id, claim.channel, claim.id];
      if (!result) {
        // Given back as it was: the claim's stamp of the attempt's start goes too.
        await db.query(
          `UPDATE enquiry_deliveries SET claim = NULL, claim_until = NULL, last_attempt_at = $4 ${where}`,
          [...key, claim.enquiry.progress[claim.channel].lastAttemptAt ?? null],
        );
        return;
      }
      // last_attempt_at stays as the claim stamped it, by the database's clock.
      const { state, progress } = result;
      await db.query(
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
    },

    async recentAttempts(channel, windowMs) {
      // Ages by the database's clock, so an instance whose clock runs ahead cannot make the others wait for it.
      const { rows } = await db.query<{ age: number; attempts: number }>(
        `SELECT greatest(0, extract(epoch FROM now() - last_attempt_at) * 1000)::float8 AS age, attempts
         FROM enquiry_deliveries
         WHERE channel = $1 AND last_attempt_at > now() - $2::float8 * interval '1 millisecond'
         ORDER BY last_attempt_at`,
        [channel, windowMs],
      );
      const now = Date.now();
      return rows.map((row) => ({ lastAttemptAt: now - row.age, attempts: row.attempts }));
    },

    async deliveryFigures() {
      const { rows } = await db.query<{
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
    },

    async alertStates() {
      const { rows } = await db.query<{ channel: AlertChannel; state: AlertState }>(
        'SELECT channel, state FROM delivery_alerts',
      );
      return Object.fromEntries(rows.map((row) => [row.channel, row.state]));
    },

    async saveAlertState(channel, state) {
      await db.query(
        `INSERT INTO delivery_alerts (channel, state) VALUES ($1, $2)
         ON CONFLICT (channel) DO UPDATE SET state = excluded.state`,
        [channel, state],
      );
    },
  };
}
