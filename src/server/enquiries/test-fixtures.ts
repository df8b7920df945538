import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { afterEach, beforeEach, inject } from 'vitest';
import type { NewEnquiry } from './enquiry.ts';

/** For tests: an enquiry as the endpoint hands it to the store; each test adds the fields it is about. */
export function newEnquiry(overrides: Partial<NewEnquiry> = {}): NewEnquiry {
  return {
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.com',
    plan: 'growth',
    pageUri: 'https://studio.example/start-project?plan=growth',
    spam: false,
    ...overrides,
  };
}

/**
 * For tests: a fresh folder for each test, removed after it, and the enquiries file's path inside it
 * (`relative`, so a test can have the store make missing folders).
 */
export function tempEnquiriesFile(prefix: string, relative = 'enquiries.json'): { dir: string; file: string } {
  const paths = { dir: '', file: '' };
  beforeEach(async () => {
    paths.dir = await mkdtemp(join(tmpdir(), prefix));
    paths.file = join(paths.dir, relative);
  });
  afterEach(() => rm(paths.dir, { recursive: true, force: true }));
  return paths;
}

/**
 * For tests: a real SMTP server on 127.0.0.1 keeping each message as a mail client reads it (mailparser);
 * `refuseFirst` answers the first message with a temporary 451; `answerAfter(ms)` makes it answer MAIL FROM, RCPT
 * TO and each message that late from then on (a server slow at every step). Call `close` after the test.
 */
export async function smtpStandIn({ refuseFirst = false } = {}) {
  const messages: Array<{ parsed: ParsedMail; rcpt: string[] }> = [];
  let offered = 0;
  let delayMs = 0;
  const later = (answer: () => void) => (delayMs ? void setTimeout(answer, delayMs) : answer());
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Connections still open when closing (a slow answer pending) are ended after this, not the default 30 s.
    closeTimeout: 500,
    onMailFrom: (_address, _session, callback) => later(() => callback()),
    onRcptTo: (_address, _session, callback) => later(() => callback()),
    onData(stream, session, callback) {
      offered += 1;
      const refuse = refuseFirst && offered === 1;
      void simpleParser(stream).then((parsed) =>
        later(() => {
          if (refuse) {
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(error);
          }
          messages.push({ parsed, rcpt: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        }),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    offered: () => offered,
    answerAfter: (ms: number) => void (delayMs = ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let databases = 0;

/**
 * For tests: an empty PostgreSQL database of its own for each test, on the server the run started
 * (scripts/lib/vitest-postgres.ts), dropped after it. `url` is its DATABASE_URL.
 */
export function testDatabase(): { url: string } {
  const admin = inject('postgresUrl');
  const database = { url: '', name: '' };
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  beforeEach(async () => {
    databases += 1;
    database.name = `test_${process.pid}_${databases}`;
    await run(`CREATE DATABASE "${database.name}"`);
    database.url = admin.replace(/\/postgres$/, `/${database.name}`);
  });
  afterEach(() => run(`DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`));
  return database;
}
