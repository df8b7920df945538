import { createServer } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { afterEach, beforeEach, inject, vi } from 'vitest';
import { deliveryPolicy, type DeliveryPolicy } from '../src/server/enquiries/delivery-policy.server.ts';
import type { NewEnquiry, StoredEnquiry } from '../src/server/enquiries/enquiry.ts';
import { EnquiryFile } from '../src/server/enquiries/file-store/enquiry-file.server.ts';
import { tempFolder } from './temp-folder.ts';

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
 * For tests: changes the enquiries of the file store at `file` in place, as they stand on disk (a time in the past,
 * a delivery already under way), through the file's own lock.
 */
export async function changeEnquiries(file: string, change: (enquiries: StoredEnquiry[]) => void): Promise<void> {
  await (await EnquiryFile.open(file)).change(change);
}

/**
 * For tests: a fresh folder for each test, removed after it, and the enquiries file's path inside it
 * (`relative`, so a test can have the store make missing folders).
 */
export function tempEnquiriesFile(prefix: string, relative = 'enquiries.json'): { dir: string; file: string } {
  const paths = { dir: '', file: '' };
  beforeEach(() => {
    paths.dir = tempFolder(prefix);
    paths.file = join(paths.dir, relative);
  });
  return paths;
}

/**
 * For tests: a real SMTP server on 127.0.0.1 keeping each message as a mail client reads it (mailparser);
 * `refuseFirst` answers the first message with a temporary 451; `answerAfter(ms)` makes it answer MAIL FROM, RCPT
 * TO and each message that late from then on (a server slow at every step); with `password`, a login is needed and
 * any other password is refused with 535, as after a password change (`acceptPassword` changes it). Call `close`
 * after the test.
 */
export async function smtpStandIn({
  refuseFirst = false,
  password,
}: { refuseFirst?: boolean; password?: string } = {}) {
  const messages: Array<{ parsed: ParsedMail; rcpt: string[] }> = [];
  let offered = 0;
  let delayMs = 0;
  let accepted = password;
  const later = (answer: () => void) => (delayMs ? void setTimeout(answer, delayMs) : answer());
  const server = new SMTPServer({
    authOptional: password === undefined,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (accepted === undefined || auth.password === accepted) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
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
    acceptPassword: (next: string) => void (accepted = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For tests: a loopback receiver of alert webhooks, keeping each POST's JSON; the first `failFirst` answer 500, as a
 * chat service's hiccup does. Call `close` after the test.
 */
export async function webhookReceiver({ failFirst = 0 } = {}) {
  const posts: Array<{ body: Record<string, unknown>; status: number; contentType?: string }> = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const status = posts.length < failFirst ? 500 : 200;
      posts.push({
        body: JSON.parse(text) as Record<string, unknown>,
        status,
        contentType: req.headers['content-type'],
      });
      res.writeHead(status).end(status === 200 ? 'ok' : 'try again');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/studio`,
    posts,
    /** The alerts it accepted, in order. */
    accepted: () => posts.filter((post) => post.status === 200).map((post) => post.body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * For tests: a loopback receiver of alert webhooks that takes each POST and never answers, as a chat service that
 * hangs: when each request came, and when its sender gave up on it (closed the connection). Call `close` after the
 * test.
 */
export async function silentReceiver() {
  const requests: Array<{ at: number; closedAt?: number }> = [];
  const server = createServer((req, res) => {
    const request: { at: number; closedAt?: number } = { at: Date.now() };
    requests.push(request);
    req.resume();
    res.on('close', () => (request.closedAt = Date.now()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/studio`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let databases = 0;

/**
 * For tests: an empty PostgreSQL database of its own for each test, on the server the run started
 * (test-support/vitest-postgres.ts), dropped after it. `url` is its DATABASE_URL.
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

/**
 * For tests: a TCP proxy to the database at `url`, whose connections can be cut without either end seeing it (a
 * partition, or a server that vanished): `freezeFrom(n)` stops the connections opened since the `n`th (`opened()`
 * counts them) carrying anything, and the database closing its side no longer reaches the client. Call `close`
 * after the test.
 */
export async function tcpProxy(url: string) {
  const target = new URL(url);
  const pairs: Array<{ client: Socket; server: Socket; frozen: boolean }> = [];
  const proxy = createTcpServer((client) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server, frozen: false };
    pairs.push(pair);
    client.on('data', (chunk: Buffer) => void (pair.frozen || server.write(chunk)));
    server.on('data', (chunk: Buffer) => void (pair.frozen || client.write(chunk)));
    client.on('close', () => server.destroy());
    server.on('close', () => pair.frozen || client.destroy());
    client.on('error', () => undefined);
    server.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((proxy.address() as AddressInfo).port);
  return {
    url: proxied.href,
    opened: () => pairs.length,
    freezeFrom(index: number) {
      for (const pair of pairs.slice(index)) pair.frozen = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, server } of pairs) {
          client.destroy();
          server.destroy();
        }
        proxy.close(() => resolve());
      }),
  };
}

/**
 * Time ten times faster for the outbox's backoffs and Retry-After: only Date is faked, moved on by a real interval,
 * so sockets, files and timers stay real. Undone by the cleanup it registers.
 */
export function fastTime(cleanups: Array<() => Promise<void> | void>): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  const timer = setInterval(() => vi.setSystemTime(Date.now() + 500), 50);
  cleanups.push(() => {
    clearInterval(timer);
    vi.useRealTimers();
  });
}

/**
 * The production delivery policy with every wait ten times shorter (counts and HubSpot's limit unchanged): the
 * outbox's own code on a faster clock, so that a mail server that takes 30 s is waited out in 3 s. With `fastTime`
 * as well, a retry due in 5 s comes after 50 ms.
 */
export const quickPolicy: DeliveryPolicy = {
  ...deliveryPolicy,
  pollMs: deliveryPolicy.pollMs / 10,
  backoff: { ...deliveryPolicy.backoff, baseMs: deliveryPolicy.backoff.baseMs / 10 },
  attemptTimeoutMs: {
    hubspot: deliveryPolicy.attemptTimeoutMs.hubspot / 10,
    email: deliveryPolicy.attemptTimeoutMs.email / 10,
  },
  claimMarginMs: deliveryPolicy.claimMarginMs / 10,
  health: {
    ...deliveryPolicy.health,
    checkMs: deliveryPolicy.health.checkMs / 10,
    reportCacheMs: deliveryPolicy.health.reportCacheMs / 10,
    smtpRecheckMs: deliveryPolicy.health.smtpRecheckMs / 10,
  },
};
