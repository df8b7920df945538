import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { startTestPostgres, type TestPostgres } from '../scripts/lib/postgres.ts';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { formTokens } from '../src/server/enquiries/form-token.server.ts';
import { tempFolders } from './fixtures/temp-folders.ts';

/**
 * Two production instances as two machines: each its own ENQUIRIES_FILE folder, one PostgreSQL (a real server
 * started here), one FORM_SECRET, a HubSpot stand-in that fails, rate-limits, then accepts. They must behave as
 * one site.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const serverScript = `${process.env.E2E_DIST ?? 'dist'}/server/server.js`;
const formSecret = 'a-shared-form-secret-of-at-least-32-characters';
const portalId = '12345678';
const formId = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';

interface Submission {
  email: string;
  at: number;
}

/** HubSpot's Forms API as a stand-in: the first answers fail (500, then 429), then it accepts, slowly if asked. */
async function hubspotStandIn() {
  const received: Submission[] = [];
  const state = { delayMs: 0, failFirst: 3 };
  let requests = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests += 1;
      const reply = () => {
        if (requests <= state.failFirst) {
          const status = requests % 2 ? 500 : 429;
          res.writeHead(status, status === 429 ? { 'retry-after': '1' } : {}).end('{"status":"error"}');
          return;
        }
        const fields = (JSON.parse(body) as { fields: Array<{ name: string; value: string }> }).fields;
        received.push({ email: fields.find((f) => f.name === 'email')?.value ?? '', at: Date.now() });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"inlineMessage":"Thanks"}');
      };
      if (state.delayMs) setTimeout(reply, state.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: TestPostgres;
let databaseUrl: string;
let hubspot: Awaited<ReturnType<typeof hubspotStandIn>>;
let instances: RunningServer[] = [];
const folders = tempFolders();

async function startInstance(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const folder = folders.make('machine-');
  return startServer(
    {
      PORT: String(port),
      SITE_URL: 'https://studio.example',
      ENQUIRIES_FILE: path.join(folder, 'enquiries.json'),
      DATABASE_URL: databaseUrl,
      FORM_SECRET: formSecret,
      HUBSPOT_PORTAL_ID: portalId,
      HUBSPOT_FORM_ID: formId,
      HUBSPOT_API_URL: hubspot.url,
      ENQUIRY_RATE_LIMIT: '3',
      ...env,
    },
    serverScript,
  );
}

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A token as any instance renders it, 10 s old (a person's pace). */
const token = () => formTokens(Buffer.from(formSecret), 'enquiry').issue(Date.now() - 10_000);

function post(instance: RunningServer, body: Record<string, string>, visitor: string, json = true) {
  const headers = {
    'Sec-Fetch-Site': 'same-origin',
    'X-Forwarded-For': visitor,
    ...(json ? { 'Content-Type': 'application/json', Accept: 'application/json' } : {}),
    ...(json ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
  };
  const fields = { email: 'jane@example.com', form_token: token(), ...body };
  return fetch(`${instance.url}/api/enquiries`, {
    method: 'POST',
    headers,
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

test.beforeAll(async () => {
  // A cluster of its own (initdb, then start) takes longer than a test's default on a busy machine.
  test.setTimeout(120_000);
  database = await startTestPostgres();
  databaseUrl = await database.createDatabase('studio');
  hubspot = await hubspotStandIn();
  // Both at once: the schema is created once, safely.
  instances = await Promise.all([startInstance(), startInstance()]);
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  folders.remove();
  await hubspot?.close();
  await database?.stop();
});

test('a form rendered by one instance is accepted by the other', async () => {
  const [a, b] = instances as [RunningServer, RunningServer];
  const html = await (await fetch(`${a.url}/start-project`)).text();
  const rendered = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(rendered).not.toBe('');
  // A person takes a few seconds to fill it in; the token says when it was rendered.
  const issuedAt = parseInt(rendered.split('.')[0] ?? '0', 36);
  await expect.poll(() => Date.now() - issuedAt, { intervals: [250] }).toBeGreaterThan(3_100);
  const response = await post(b, { firstname: 'Cross', form_token: rendered }, '198.51.100.1');
  expect(response.status).toBe(201);
});

test('120 enquiries spread over both are 120 rows, each delivered to HubSpot once, within its rate limit', async () => {
  // Enough to need three of HubSpot's 10-second windows, so the limit must hold across both instances.
  const leads = 120;
  const responses = await Promise.all(
    Array.from({ length: leads }, (_, i) =>
      post(instances[i % 2]!, { firstname: `Lead ${i}`, email: `lead${i}@example.com` }, `203.0.113.${i}`),
    ),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(leads).fill(201));
  const [{ count }] = (await query<{ count: string }>(
    "SELECT count(*) FROM enquiries WHERE fields->>'email' LIKE 'lead%'",
  )) as [{ count: string }];
  expect(Number(count)).toBe(leads);

  await expect
    .poll(() => hubspot.received.filter((s) => s.email.startsWith('lead')).length, { timeout: 120_000 })
    .toBe(leads);
  const emails = hubspot.received.map((s) => s.email).filter((e) => e.startsWith('lead'));
  expect(new Set(emails).size).toBe(leads);
  // HubSpot's limit, 50 in any 10 s, holds for both instances together.
  const times = hubspot.received.map((s) => s.at).sort((x, y) => x - y);
  for (let i = 0; i + 50 < times.length; i += 1) expect(times[i + 50]! - times[i]!).toBeGreaterThanOrEqual(10_000);
  const states = await query<{ state: string; count: string }>(
    "SELECT state, count(*) FROM enquiry_deliveries WHERE channel = 'hubspot' GROUP BY state",
  );
  expect(states).toEqual([{ state: 'sent', count: String(leads + 1) }]);
});

test('ENQUIRY_RATE_LIMIT counts one visitor across both instances', async () => {
  const [a, b] = instances as [RunningServer, RunningServer];
  const visitor = '192.0.2.44';
  for (const instance of [a, b, a]) expect((await post(instance, { firstname: 'Limit' }, visitor)).status).toBe(201);
  const refused = await post(b, { firstname: 'Limit' }, visitor);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await post(b, { firstname: 'Other' }, '192.0.2.45')).status).toBe(201);
});

test('the sending instance killed with SIGKILL: the other finishes every delivery within 60 s', async () => {
  hubspot.state.delayMs = 400;
  const before = hubspot.received.length;
  const logged = instances.map((instance) => instance.output().length);
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      post(instances[i % 2]!, { firstname: `Kill ${i}`, email: `kill${i}@example.com` }, `198.51.100.${i + 10}`),
    ),
  );
  expect(responses.every((r) => r.status === 201)).toBe(true);
  // The sender is the one whose log says it forwarded these; kill it mid-way.
  await expect.poll(() => hubspot.received.length - before, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  const sender = instances.find((instance, i) =>
    /enquiry forwarded to HubSpot/.test(instance.output().slice(logged[i])),
  ) as RunningServer;
  const survivor = instances.find((instance) => instance !== sender) as RunningServer;
  const killedAt = Date.now();
  sender.process.kill('SIGKILL');
  await new Promise((resolve) => sender.process.once('exit', resolve));

  await expect
    .poll(
      async () =>
        (
          await query<{ count: string }>(
            "SELECT count(*) FROM enquiry_deliveries WHERE channel = 'hubspot' AND state <> 'sent'",
          )
        )[0]?.count,
      { timeout: 60_000 },
    )
    .toBe('0');
  expect(Date.now() - killedAt).toBeLessThan(60_000);
  const kills = hubspot.received.map((s) => s.email).filter((e) => e.startsWith('kill'));
  // Every one arrived; at most the one in flight when the sender died arrived twice.
  expect(new Set(kills).size).toBe(20);
  expect(kills.length).toBeLessThanOrEqual(21);
  hubspot.state.delayMs = 0;
  instances = [survivor, await startInstance()];
});

test('the database stopped under running instances: pages serve, /healthz degraded, 503 with the form kept; then it recovers', async () => {
  const [a] = instances as [RunningServer, RunningServer];
  await database.stop({ keep: true });
  try {
    await expect
      .poll(async () => (await (await fetch(`${a.url}/healthz`)).json()) as { status: string }, { timeout: 20_000 })
      .toMatchObject({ status: 'degraded', reason: 'the enquiry database cannot be reached' });
    for (const page of ['/', '/blog', '/services']) expect((await fetch(`${a.url}${page}`)).status).toBe(200);

    const json = await post(a, { firstname: 'Outage' }, '198.51.100.200');
    expect(json.status).toBe(503);
    expect(((await json.json()) as { error: string }).error).toMatch(/could not save your enquiry/);

    const plain = await post(a, { firstname: 'Outage', message: 'Please call me back' }, '198.51.100.201', false);
    expect(plain.status).toBe(503);
    const page = await plain.text();
    expect(page).toContain('value="Outage"');
    expect(page).toContain('Please call me back');
    expect(page).toMatch(/could not save your enquiry/);
    expect(page).toMatch(/href="tel:/);
    expect(page).toMatch(/href="mailto:/);
  } finally {
    await database.start();
  }
  await expect
    .poll(async () => ((await (await fetch(`${a.url}/healthz`)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('ok');
  expect((await post(a, { firstname: 'Back' }, '198.51.100.202')).status).toBe(201);
});

test('a start with DATABASE_URL but no FORM_SECRET, a refused login or no database stops with one line, with several workers too', async () => {
  const url = new URL(databaseUrl);
  url.username = 'nobody';
  url.password = 'pa55word-never-shown';
  const closedPort = await freePort();
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ FORM_SECRET: '' }, /^Invalid configuration: FORM_SECRET must be set when DATABASE_URL is/],
    [{ DATABASE_URL: url.href }, /^Cannot start: the enquiry database at 127\.0\.0\.1:\d+\/studio refused the login/],
    [
      { DATABASE_URL: `postgres://studio:pa55word-never-shown@127.0.0.1:${closedPort}/studio` },
      new RegExp(`^Cannot start: the enquiry database at 127\\.0\\.0\\.1:${closedPort}/studio cannot be reached`),
    ],
    // Several workers: the primary checks once, so there is still one line, not one per worker.
    [
      { DATABASE_URL: `postgres://studio:pa55word-never-shown@127.0.0.1:${closedPort}/studio`, WEB_CONCURRENCY: '2' },
      new RegExp(`^Cannot start: the enquiry database at 127\\.0\\.0\\.1:${closedPort}/studio cannot be reached`),
    ],
  ];
  await Promise.all(
    cases.map(async ([env, line]) => {
      const started = Date.now();
      const child = spawn(process.execPath, [serverScript], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(await freePort()),
          DATABASE_URL: databaseUrl,
          FORM_SECRET: formSecret,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(line);
      expect(stderr).not.toContain('pa55word');
    }),
  );
});
