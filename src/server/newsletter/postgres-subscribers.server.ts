/**
 * The subscribers in PostgreSQL: a row of `newsletter_subscribers` per address, the record whole in `record` and
 * the columns it is looked up by beside it. A sign-up takes a lock on its address for its transaction, so two at
 * once for one address send one email.
 */
import type pg from 'pg';
import { assertLimits, type ChannelFigures } from '../enquiries/enquiry-store.server.ts';
import type { EnquiryDatabase } from '../enquiries/postgres-store/database.server.ts';
import type { SubscriberRecords } from './subscriber-store.server.ts';
import {
  afterSignUp,
  confirmed,
  linkWorks,
  normalEmail,
  withoutUnsentEmail,
  type StoredSubscriber,
  type SubscriberChannel,
} from './subscriber.ts';
import { withWellFormedText } from '../enquiries/enquiry.ts';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

async function save(client: pg.PoolClient, subscriber: StoredSubscriber): Promise<void> {
  const record = withWellFormedText(subscriber);
  await client.query(
    `INSERT INTO newsletter_subscribers (id, email, status, created_at, token_hash, last_email_at, record)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET email = $2, status = $3, created_at = $4, token_hash = $5, last_email_at = $6,
       record = $7`,
    [
      record.id,
      record.email,
      record.status,
      record.createdAt,
      record.tokenHash ?? null,
      record.lastEmailAt ?? null,
      JSON.stringify(record),
    ],
  );
}

/** The row whose `column` is `value`, locked for the transaction. */
async function locked(client: pg.PoolClient, column: 'email' | 'token_hash' | 'id', value: string) {
  const { rows } = await client.query<{ record: StoredSubscriber }>(
    `SELECT record FROM newsletter_subscribers WHERE ${column} = $1 FOR UPDATE`,
    [value],
  );
  return rows[0]?.record;
}

async function lockedByEmail(client: pg.PoolClient, email: string): Promise<StoredSubscriber | undefined> {
  // An address's lock, held to the transaction's end: a second sign-up for it waits, then sees the first's row.
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('newsletter:' || $1))`, [email]);
  return locked(client, 'email', email);
}

export function postgresSubscribers(db: EnquiryDatabase): SubscriberRecords {
  const select = async (where: string, values: unknown[] = []) =>
    (
      await db.query<{ record: StoredSubscriber }>(`SELECT record FROM newsletter_subscribers ${where}`, values)
    ).rows.map((row) => row.record);

  return {
    signUp(signUp, tokenHash, now = new Date()) {
      return db.transaction(async (client) => {
        const result = afterSignUp(await lockedByEmail(client, normalEmail(signUp.email)), signUp, tokenHash, now);
        if (result.send) await save(client, result.subscriber);
        return result;
      });
    },

    confirm(tokenHash, enabled, now = new Date()) {
      return db.transaction(async (client) => {
        const subscriber = await locked(client, 'token_hash', tokenHash);
        if (!subscriber || !linkWorks(subscriber, now)) return undefined;
        const done = confirmed(subscriber, enabled, now);
        await save(client, done);
        return done;
      });
    },

    unsentConfirmation(id, tokenHash) {
      if (!isUuid(id)) return Promise.resolve(false);
      return db.transaction(async (client) => {
        const subscriber = await locked(client, 'id', id);
        const unsent = subscriber && withoutUnsentEmail(subscriber, tokenHash);
        if (!unsent) return false;
        await save(client, unsent);
        return true;
      });
    },

    revoke(email) {
      return db.transaction(async (client) => {
        const subscriber = await lockedByEmail(client, normalEmail(email));
        if (!subscriber?.tokenHash) return false;
        const { tokenHash: _revoked, ...rest } = subscriber;
        await save(client, rest);
        return true;
      });
    },

    subscribers({ status } = {}) {
      return status
        ? select('WHERE status = $1 ORDER BY created_at DESC, id DESC', [status])
        : select('ORDER BY created_at DESC, id DESC');
    },

    async findSubscriber(email) {
      return (await select('WHERE email = $1', [normalEmail(email)]))[0];
    },

    async getSubscriber(id) {
      if (!isUuid(id)) return undefined;
      return (await select('WHERE id = $1', [id]))[0];
    },

    async deleteSubscriber(idOrEmail) {
      const { rows } = await db.query<{ record: StoredSubscriber }>(
        'DELETE FROM newsletter_subscribers WHERE id::text = $1 OR email = $2 RETURNING record',
        [idOrEmail.toLowerCase(), normalEmail(idOrEmail)],
      );
      return rows[0]?.record;
    },

    async pruneSubscribers({ unconfirmedBefore }) {
      assertLimits(unconfirmedBefore);
      const { rowCount } = await db.query(
        `DELETE FROM newsletter_subscribers WHERE status = 'pending' AND coalesce(last_email_at, created_at) < $1`,
        [unconfirmedBefore.toISOString()],
      );
      return rowCount ?? 0;
    },

    importSubscribers(incoming, now = new Date()) {
      return db.transaction(async (client) => {
        let added = 0;
        for (const { email, firstname, confirmedAt } of incoming) {
          const existing = await lockedByEmail(client, normalEmail(email));
          if (existing?.status === 'confirmed') continue;
          const at = confirmedAt ?? now.toISOString();
          await save(client, {
            id: existing?.id ?? crypto.randomUUID(),
            email: normalEmail(email),
            ...(firstname ? { firstname } : {}),
            status: 'confirmed',
            createdAt: existing?.createdAt ?? at,
            confirmedAt: at,
            delivery: { hubspot: 'off', webhook: 'off' },
            progress: { hubspot: { attempts: 0 }, webhook: { attempts: 0 } },
          });
          added += 1;
        }
        return added;
      });
    },

    dueSubscribers(channel, { now, limit }) {
      return select(
        `WHERE status = 'confirmed' AND record->'delivery'->>$1 = 'pending'
           AND (record->'progress'->$1->>'retryAt' IS NULL OR (record->'progress'->$1->>'retryAt')::timestamptz <= $2)
         ORDER BY coalesce(record->>'confirmedAt', record->>'createdAt'), id LIMIT $3`,
        [channel, now.toISOString(), limit],
      );
    },

    async subscriberDeliveryFigures(channels) {
      const figures: Partial<Record<SubscriberChannel, ChannelFigures>> = {};
      for (const channel of channels) {
        // Only the rows waiting or failed on the channel are read, and counted in the database.
        const { rows } = await db.query<{
          pending: number;
          failed: number;
          oldest: string | null;
          code: string | null;
        }>(
          `SELECT count(*) FILTER (WHERE record->'delivery'->>$1 = 'pending')::int AS pending,
             count(*) FILTER (WHERE record->'delivery'->>$1 = 'failed')::int AS failed,
             min(coalesce(record->>'confirmedAt', record->>'createdAt'))
               FILTER (WHERE record->'delivery'->>$1 = 'pending') AS oldest,
             (array_agg(record->'progress'->$1->>'lastErrorCode'
               ORDER BY record->'progress'->$1->>'lastAttemptAt' DESC NULLS LAST)
               FILTER (WHERE record->'progress'->$1->>'lastErrorCode' IS NOT NULL))[1] AS code
           FROM newsletter_subscribers
           WHERE status = 'confirmed' AND record->'delivery'->>$1 IN ('pending', 'failed')`,
          [channel],
        );
        const row = rows[0];
        figures[channel] = {
          pending: row?.pending ?? 0,
          failed: row?.failed ?? 0,
          oldestPendingAt: row?.oldest ? Date.parse(row.oldest) : null,
          refusedLogin: 0,
          ...(row?.code ? { lastErrorCode: row.code } : {}),
        };
      }
      return figures;
    },

    copySubscribers(incoming) {
      return db.transaction(async (client) => {
        let added = 0;
        for (const subscriber of incoming) {
          const existing = await lockedByEmail(client, normalEmail(subscriber.email));
          if (existing) continue;
          const { rowCount } = await client.query('SELECT 1 FROM newsletter_subscribers WHERE id = $1', [
            subscriber.id,
          ]);
          if (rowCount) continue;
          await save(client, subscriber);
          added += 1;
        }
        return added;
      });
    },

    async recordSubscriberDelivery(id, channel, result) {
      await db.query(
        `UPDATE newsletter_subscribers
         SET record = jsonb_set(jsonb_set(record, ARRAY['delivery', $2], to_jsonb($3::text)), ARRAY['progress', $2], $4::jsonb)
         WHERE id = $1`,
        [id, channel, result.state, JSON.stringify(result.progress)],
      );
    },
  };
}
