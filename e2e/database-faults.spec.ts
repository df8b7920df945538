import { expect, test } from '@playwright/test';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startTestPostgres, type TestPostgres } from '../scripts/lib/postgres.ts';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { failedPostsPerMinute, fullRefusalsPerTenMinutes } from '../src/server/enquiries/enquiry-route.server.ts';
import { formTokens } from '../src/server/enquiries/form-token.server.ts';
import { tempFolders } from './fixtures/temp-folders.ts';

/**
 * What the database does to a connection, and a mail server that answers just in time, under a running production
 * instance on PostgreSQL: the process stays up, pages serve, and each lead reaches HubSpot and the mailbox once.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const serverScript = `${process.env.E2E_DIST ?? 'dist'}/server/server.js`;
const formSecret = 'a-shared-form-secret-of-at-least-32-characters';

/** HubSpot's Forms API as a stand-in that holds each request while `hold` is set, until `answerHeld()`. */
async function hubspotStandIn() {
  const received: string[] = [];
  const held: ServerResponse[] = [];
  const state = { hold: false };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const fields = (JSON.parse(body) as { fields: Array<{ name: string; value: string }> }).fields;
      received.push(fields.find((f) => f.name === 'email')?.value ?? '');
      if (state.hold) held.push(res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"inlineMessage":"Thanks"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    state,
    held,
    answerHeld() {
      state.hold = false;
      for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A real SMTP server. The next `slowConnections` connections have MAIL FROM, RCPT TO and the message each answered
 * `delayMs` late; the others at once.
 */
async function smtpStandIn() {
  const state = { delayMs: 0, slowConnections: 0 };
  const messages: string[] = [];
  const slow = new Set<string>();
  const later = (sessionId: string, callback: () => void) =>
    slow.has(sessionId) ? setTimeout(callback, state.delayMs) : callback();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onConnect: (session, callback) => {
      if (state.slowConnections > 0) {
        state.slowConnections -= 1;
        slow.add(session.id);
      }
      callback();
    },
    onMailFrom: (_address, session, callback) => later(session.id, () => callback()),
    onRcptTo: (_address, session, callback) => later(session.id, () => callback()),
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () =>
        later(session.id, () => {
          messages.push(text);
          callback();
        }),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    state,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: TestPostgres;
let databaseUrl: string;
let hubspot: Awaited<ReturnType<typeof hubspotStandIn>>;
let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
let instance: RunningServer;
const folders = tempFolders();

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** An enquiry posted as the site's form does (a token 10 s old); its id. */
async function postEnquiry(email: string): Promise<string> {
  const response = await fetch(`${instance.url}/api/enquiries`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      firstname: 'Dana',
      email,
      form_token: formTokens(Buffer.from(formSecret), 'enquiry').issue(Date.now() - 10_000),
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const deliveryState = async (id: string, channel: 'hubspot' | 'email') =>
  (
    await query<{ state: string }>('SELECT state FROM enquiry_deliveries WHERE enquiry_id = $1 AND channel = $2', [
      id,
      channel,
    ])
  )[0]?.state;

/** The process is still the one started, and its pages and the blog answer. */
async function expectServing() {
  expect(instance.process.exitCode).toBeNull();
  for (const page of ['/', '/blog', '/services']) expect((await fetch(`${instance.url}${page}`)).status).toBe(200);
}

test.beforeAll(async () => {
  // A cluster of its own (initdb, then start) takes longer than a test's default on a busy machine.
  test.setTimeout(120_000);
  database = await startTestPostgres();
  databaseUrl = await database.createDatabase('studio');
  hubspot = await hubspotStandIn();
  smtp = await smtpStandIn();
  const folder = folders.make('faults-');
  instance = await startServer(
    {
      PORT: String(await freePort()),
      SITE_URL: 'https://studio.example',
      ENQUIRIES_FILE: path.join(folder, 'enquiries.json'),
      DATABASE_URL: databaseUrl,
      FORM_SECRET: formSecret,
      HUBSPOT_PORTAL_ID: '12345678',
      HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
      HUBSPOT_API_URL: hubspot.url,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'leads@studio.example',
    },
    serverScript,
  );
});

test.afterAll(async () => {
  await instance?.stop();
  folders.remove();
  await hubspot?.close();
  await smtp?.close();
  await database?.stop();
});

test('every session of the database terminated during a HubSpot send: the process stays up and the lead arrives once', async () => {
  hubspot.state.hold = true;
  const id = await postEnquiry('terminated@example.com');
  await expect.poll(() => hubspot.held.length, { timeout: 20_000 }).toBe(1);

  // The sending instance's sessions among them, as pg_terminate_backend or a failover does.
  await query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  await expectServing();
  hubspot.answerHeld();

  await expect.poll(() => deliveryState(id, 'hubspot'), { timeout: 30_000 }).toBe('sent');
  await expect.poll(() => deliveryState(id, 'email'), { timeout: 30_000 }).toBe('sent');
  expect(hubspot.received.filter((email) => email === 'terminated@example.com')).toHaveLength(1);
  await expectServing();
});

test('the database restarted during a HubSpot send: the answer is recorded once it is back, and the lead arrives once', async () => {
  hubspot.state.hold = true;
  const id = await postEnquiry('restart@example.com');
  await expect.poll(() => hubspot.held.length, { timeout: 20_000 }).toBe(1);

  await database.stop({ keep: true });
  try {
    await expectServing();
    // HubSpot answers while the database is down: the sender holds the outcome until it can record it.
    hubspot.answerHeld();
    await expect
      .poll(async () => ((await (await fetch(`${instance.url}/healthz`)).json()) as { status: string }).status, {
        timeout: 20_000,
      })
      .toBe('degraded');
    await expectServing();
  } finally {
    await database.start();
  }

  await expect.poll(() => deliveryState(id, 'hubspot'), { timeout: 30_000 }).toBe('sent');
  expect(hubspot.received.filter((email) => email === 'restart@example.com')).toHaveLength(1);
  await expect.poll(() => deliveryState(id, 'email'), { timeout: 30_000 }).toBe('sent');
  await expectServing();
});

test('a mail server answering each step 25 s late: the attempt is cut at 30 s holding no database transaction, HubSpot is not held up, and the process stays up', async () => {
  smtp.state.delayMs = 25_000;
  smtp.state.slowConnections = 1;
  const log = instance.output().length;
  const timeouts = () =>
    (
      instance
        .output()
        .slice(log)
        .match(/"code":"TIMEOUT"/g) ?? []
    ).length;
  const slowFrom = Date.now();
  const first = await postEnquiry('slow-mail@example.com');
  await expect.poll(() => deliveryState(first, 'hubspot'), { timeout: 10_000 }).toBe('sent');
  // A second lead while the first email is still stuck: forwarded to HubSpot at once too.
  const second = await postEnquiry('second@example.com');
  await expect.poll(() => deliveryState(second, 'hubspot'), { timeout: 10_000 }).toBe('sent');
  expect(await deliveryState(first, 'email')).toBe('pending');

  // Answering MAIL FROM at 25 s and RCPT TO at 50 s, the server passes every step's own limit: the attempt as a
  // whole is cut at 30 s. Until then no session of the instance's holds a transaction open (PostgreSQL would end
  // one idle in it after 60 s, and it would hold back every other instance's deliveries).
  const heldTransactions: string[] = [];
  while (timeouts() === 0 && Date.now() - slowFrom < 45_000) {
    const open = await query<{ state: string; seconds: number }>(
      `SELECT state, extract(epoch FROM now() - xact_start)::float AS seconds FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start < now() - interval '5 seconds'`,
    );
    heldTransactions.push(...open.map(({ state, seconds }) => `${state} for ${Math.round(seconds)} s`));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(timeouts(), 'attempts cut').toBe(1);
  expect(Date.now() - slowFrom).toBeGreaterThan(25_000);
  expect(Date.now() - slowFrom).toBeLessThan(30_000 + 10_000);
  expect(heldTransactions, 'transactions open while the mail server answered late').toEqual([]);
  await expectServing();

  await expect.poll(() => deliveryState(first, 'email'), { timeout: 30_000 }).toBe('sent');
  await expect.poll(() => deliveryState(second, 'email'), { timeout: 30_000 }).toBe('sent');
  expect(smtp.messages.filter((text) => text.includes('slow-mail@example.com'))).toHaveLength(1);
  expect(hubspot.received.filter((email) => email === 'slow-mail@example.com')).toHaveLength(1);
  await expectServing();
});

test('the database stopped, two workers: every enquiry limit holds as one count for the instance, a valid post past the budget costs what a 429 costs, and one line says so', async () => {
  const cluster = await startServer(
    {
      PORT: String(await freePort()),
      SITE_URL: 'https://studio.example',
      ENQUIRIES_FILE: path.join(folders.make('faults-cluster-'), 'enquiries.json'),
      DATABASE_URL: databaseUrl,
      FORM_SECRET: formSecret,
      WEB_CONCURRENCY: '2',
    },
    serverScript,
  );
  // Both workers serving (each says so), before any count is taken.
  await expect.poll(() => cluster.output().match(/"msg":"Serving /g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
  // Each post on a connection of its own: the primary hands each new connection to one worker and the next in turn,
  // so a count per worker would let twice as many through.
  const post = (body: string, type: string) =>
    new Promise<{ status: number; text: () => Promise<string> }>((resolve, reject) => {
      const req = httpRequest(
        `${cluster.url}/api/enquiries`,
        {
          method: 'POST',
          agent: false,
          headers: {
            'Sec-Fetch-Site': 'same-origin',
            'Content-Type': type,
            Accept: type.endsWith('json') ? type : 'text/html',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: async () => text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const validPlainPost = async () => {
    const token = formTokens(Buffer.from(formSecret), 'enquiry').issue(Date.now() - 10_000);
    const answer = await post(
      new URLSearchParams({ firstname: 'Dana', email: 'dana@example.com', form_token: token }).toString(),
      'application/x-www-form-urlencoded',
    );
    const html = await answer.text();
    // The whole page is the site's own (its boot data); the short one is a page of its own with no script.
    return `${answer.status} ${html.includes('id="boot-data"') ? 'page' : 'short'}`;
  };
  await database.stop({ keep: true });
  try {
    const valid: string[] = [];
    for (let i = 0; i < fullRefusalsPerTenMinutes + 4; i += 1) valid.push(await validPlainPost());
    expect(valid).toEqual([
      ...Array.from({ length: fullRefusalsPerTenMinutes }, () => '503 page'),
      ...Array.from({ length: 4 }, () => '503 short'),
    ]);

    const refused: number[] = [];
    const badToken = JSON.stringify({ firstname: 'Dana', email: 'dana@example.com', form_token: 'not-a-token' });
    for (let i = 0; i < failedPostsPerMinute + 4; i += 1)
      refused.push((await post(badToken, 'application/json')).status);
    expect(refused.slice(0, failedPostsPerMinute)).toEqual(refused.slice(0, failedPostsPerMinute).map(() => 400));
    expect(refused.slice(failedPostsPerMinute)).toEqual([429, 429, 429, 429]);

    expect(cluster.output().match(/enquiry limits are counted by this instance alone/g)).toHaveLength(1);
    for (const page of ['/', '/blog']) expect((await fetch(`${cluster.url}${page}`)).status).toBe(200);
  } finally {
    await database.start();
    await cluster.stop();
  }
});
