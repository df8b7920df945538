/**
 * The subscribers in PostgreSQL: a row of `newsletter_subscribers` per address, the record whole in `record` and
 * the columns it is looked up by beside it. A sign-up takes a lock on its address for its transaction, so two at
 * once for one address send one email.
 */
import type pg from 'pg';
import { assertLimits } from '../enquiries/enquiry-store.server.ts';
import { withWellFormedText } from '../enquiries/enquiry.ts';
import type { EnquiryDatabase } from '../enquiries/postgres-store/database.server.ts';
import type { SubscriberRecords } from './subscriber-store.server.ts';
import { afterSignUp, confirmed, linkWorks, normalEmail, type StoredSubscriber } from './subscriber.ts';

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

async function lockedByEmail(client: pg.PoolClient, email: string): Promise<StoredSubscriber | undefined> {
  // An address's lock, held to the transaction's end: a second sign-up for it waits, then sees the first's row.
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('newsletter:' || $1))`, [email]);
  const { rows } = await client.query<{ record: StoredSubscriber }>(
    'SELECT record FROM newsletter_subscribers WHERE email = $1 FOR UPDATE',
    [email],
  );
  return rows[0]?.record;
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
        const { rows } = await client.query<{ record: StoredSubscriber }>(
          'SELECT record FROM newsletter_subscribers WHERE token_hash = $1 FOR UPDATE',
          [tokenHash],
        );
        const subscriber = rows[0]?.record;
        if (!subscriber || !linkWorks(subscriber, now)) return undefined;
        const done = confirmed(subscriber, enabled, now);
        await save(client, done);
        return done;
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
