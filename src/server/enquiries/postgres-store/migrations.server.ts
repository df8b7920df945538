/**
 * The enquiry database's schema, as numbered migrations applied in order at start. Every instance runs this;
 * a transaction-scoped advisory lock makes instances that start at once take turns, so each migration runs once
 * and the others see it done (docs/decisions/enquiry-database.md). Add a change as the next entry; never edit
 * one that has shipped.
 */
import type { Pool } from 'pg';

export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'enquiries, their deliveries, rate-limit counts',
    sql: `
      CREATE TABLE enquiries (
        id uuid PRIMARY KEY,
        received_at timestamptz NOT NULL,
        -- The visitor's fields (firstname, lastname, email, phone, company, message, plan): adding a form field
        -- needs no migration.
        fields jsonb NOT NULL,
        page_uri text NOT NULL,
        page_name text,
        hutk text,
        spam boolean NOT NULL
      );
      CREATE INDEX enquiries_received_at ON enquiries (received_at);

      CREATE TABLE enquiry_deliveries (
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('hubspot', 'email')),
        state text NOT NULL CHECK (state IN ('off', 'pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_attempt_at timestamptz,
        retry_at timestamptz,
        sent_at timestamptz,
        last_error text,
        PRIMARY KEY (enquiry_id, channel)
      );
      -- The outbox asks "what is due?" every few seconds: only pending rows are indexed.
      CREATE INDEX enquiry_deliveries_pending ON enquiry_deliveries (channel, retry_at) WHERE state = 'pending';
      CREATE INDEX enquiry_deliveries_attempts ON enquiry_deliveries (channel, last_attempt_at);

      CREATE TABLE enquiry_rate_limits (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        reset_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'where each enquiry came from',
    sql: `ALTER TABLE enquiries ADD COLUMN attribution jsonb;`,
  },
  {
    version: 3,
    name: 'a delivery claimed by a sender until a deadline',
    // The claim replaces a row lock held across the send (docs/decisions/enquiry-database.md): a delivery is
    // sending while claim_until lies ahead, and free again once it passes.
    sql: `ALTER TABLE enquiry_deliveries ADD COLUMN claim uuid, ADD COLUMN claim_until timestamptz;`,
  },
  {
    version: 4,
    name: 'delivery health: error codes, fields a HubSpot form lacked, alerts',
    sql: `
      ALTER TABLE enquiry_deliveries ADD COLUMN last_error_code text;
      ALTER TABLE enquiry_deliveries ADD COLUMN missing_fields text[];
      -- Per channel, the delivery problem last announced and whether its alert went out: whichever instance holds
      -- the sender's lease reads it, so a handover never announces the same problem twice.
      CREATE TABLE delivery_alerts (
        channel text PRIMARY KEY CHECK (channel IN ('hubspot', 'email')),
        state jsonb NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: 'newsletter sign-ups and subscribers',
    // The record itself is kept whole in `record`; the columns beside it are those the store looks up or prunes by.
    sql: `
      CREATE TABLE newsletter_subscribers (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('pending', 'confirmed')),
        created_at timestamptz NOT NULL,
        token_hash text UNIQUE,
        last_email_at timestamptz,
        record jsonb NOT NULL
      );
      CREATE INDEX newsletter_subscribers_pending ON newsletter_subscribers (last_email_at) WHERE status = 'pending';
    `,
  },
  {
    version: 6,
    name: 'delivery alerts for the newsletter hand-on channels',
    sql: `
      ALTER TABLE delivery_alerts DROP CONSTRAINT delivery_alerts_channel_check;
      ALTER TABLE delivery_alerts ADD CONSTRAINT delivery_alerts_channel_check
        CHECK (channel IN ('hubspot', 'email', 'newsletter-hubspot', 'newsletter-webhook'));
    `,
  },
];

/** Any constant shared by every instance; "enquiry schema" in ASCII. */
const migrationLockKey = 0x656e7173;

/** Applies the migrations this database lacks; returns the versions it applied. */
export async function migrate(pool: Pool): Promise<number[]> {
  const client = await pool.connect();
  // A session the database ends while this client is checked out is reported here rather than ending the process.
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', ignore);
    client.release();
  }
}
