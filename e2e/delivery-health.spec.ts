import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { refusalOfFieldsNotInForm } from '../scripts/lib/hubspot-errors.ts';
import { startTestPostgres, type TestPostgres } from '../scripts/lib/postgres.ts';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { formTokens } from '../src/server/enquiries/form-token.server.ts';
import { healthKey } from '../src/server/health-key.server.ts';
import { tempFolders } from './fixtures/temp-folders.ts';

/**
 * The problem a new studio meets, on two production instances sharing one PostgreSQL: a HubSpot form without
 * "company", and SMTP_URL with an old password. The lead still reaches HubSpot, /healthz on both instances says what
 * is wrong without naming the visitor, the studio hears of it once through the webhook (whose first POST fails),
 * and once more when the password is fixed.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const serverScript = `${process.env.E2E_DIST ?? 'dist'}/server/server.js`;
const formSecret = 'a-shared-form-secret-of-at-least-32-characters';
const visitor = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', company: 'Harbour Cafe' };

let database: TestPostgres;
let instances: RunningServer[] = [];
const folders = tempFolders();
const servers: Array<Server | SMTPServer> = [];
const hubspotFields: string[][] = [];
const alerts: Array<{ status: number; body: Record<string, unknown> }> = [];
let smtpPassword = 'new-password';

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test.beforeAll(async () => {
  // A cluster of its own (initdb, then start) takes longer than a test's default on a busy machine.
  test.setTimeout(120_000);
  database = await startTestPostgres();
  const databaseUrl = await database.createDatabase('studio');
  const hubspotUrl = await listen(
    createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(text) as { fields: Array<{ name: string; value: string }> };
        hubspotFields.push(body.fields.map((f) => f.name));
        const refusal = refusalOfFieldsNotInForm(body, ['firstname', 'lastname', 'email', 'phone', 'message']);
        res.writeHead(refusal ? 400 : 200, { 'content-type': 'application/json' });
        res.end(refusal ?? '{"inlineMessage":"Thanks"}');
      });
    }),
  );
  const webhookUrl = await listen(
    createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const status = alerts.length === 0 ? 500 : 200;
        alerts.push({ status, body: JSON.parse(text) as Record<string, unknown> });
        res.writeHead(status).end();
      });
    }),
  );
  const smtp = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.password === smtpPassword
        ? callback(null, { user: auth.username })
        : callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 })),
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  servers.push(smtp);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const env = {
    SITE_URL: 'https://studio.example',
    CONTACT_PHONE: '(02) 4000 0000',
    CONTACT_EMAIL: 'hello@studio.example',
    DATABASE_URL: databaseUrl,
    FORM_SECRET: formSecret,
    HUBSPOT_PORTAL_ID: '12345678',
    HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
    HUBSPOT_API_URL: hubspotUrl,
    SMTP_URL: `smtp://studio:old-password@127.0.0.1:${smtpPort}`,
    ALERT_WEBHOOK_URL: `${webhookUrl}/hooks/studio`,
  };
  instances = await Promise.all(
    [0, 1].map(async () =>
      startServer(
        {
          ...env,
          PORT: String(await freePort()),
          ENQUIRIES_FILE: path.join(folders.make('health-'), 'enquiries.json'),
        },
        serverScript,
      ),
    ),
  );
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  folders.remove();
  for (const server of servers) server.close();
  await database?.stop();
});

/** /healthz as the operator's monitor reads it, with the key derived from FORM_SECRET (its warnings' words too). */
const healthz = async (instance: RunningServer) =>
  (await (
    await fetch(`${instance.url}/healthz`, { headers: { 'X-Health-Key': healthKey(Buffer.from(formSecret)) } })
  ).json()) as Record<string, unknown>;

test('the lead reaches HubSpot without the field its form lacks; both instances say what is wrong, the same way', async () => {
  const [a, b] = instances as [RunningServer, RunningServer];
  // The SMTP check at start: a warning at once, before any enquiry.
  await expect.poll(async () => JSON.stringify(await healthz(b)), { timeout: 20_000 }).toContain('refused the login');

  const response = await fetch(`${a.url}/api/enquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({
      ...visitor,
      form_token: formTokens(Buffer.from(formSecret), 'enquiry').issue(Date.now() - 10_000),
    }),
  });
  expect(response.status).toBe(201);

  await expect.poll(() => hubspotFields.length, { timeout: 20_000 }).toBe(2);
  expect(hubspotFields[1]).toEqual(['firstname', 'lastname', 'email', 'message']);

  const expected = {
    status: 'degraded',
    reason: 'email delivery problem: 1 enquiry not delivered (last error SMTP 535)',
    deliveries: {
      hubspot: { pending: 0, failed: 0, oldestPendingSeconds: null },
      email: { pending: 1, failed: 0, oldestPendingSeconds: expect.any(Number) },
    },
    deliveriesAgeSeconds: expect.any(Number),
    warnings: [
      expect.stringContaining('the mail server (SMTP_URL) refused the login'),
      expect.stringContaining('the HubSpot form lacks the field company'),
      // The seeded blog has no post in the Newsletter category yet.
      expect.stringContaining('The newsletter has no issue yet'),
    ],
  };
  for (const instance of [a, b]) {
    await expect.poll(() => healthz(instance), { timeout: 30_000 }).toEqual(expected);
  }
  const [fromA, fromB] = await Promise.all([healthz(a), healthz(b)]);
  const withoutAge = (body: Record<string, unknown>) =>
    JSON.stringify(body).replace(/"(oldestPendingSeconds|deliveriesAgeSeconds)":\d+/g, '');
  expect(withoutAge(fromB)).toBe(withoutAge(fromA));
  for (const detail of Object.values(visitor)) expect(JSON.stringify([fromA, fromB])).not.toContain(detail);

  // One alert across both instances, although the receiver's first POST failed.
  await expect.poll(() => alerts.filter((alert) => alert.status === 200).length, { timeout: 30_000 }).toBe(1);
  expect(alerts[0]?.status).toBe(500);
  expect(alerts.at(-1)?.body).toEqual({
    text: expect.stringContaining('Enquiry delivery problem on https://studio.example'),
    event: 'delivery_problem',
    channel: 'email',
    count: 1,
    code: 'SMTP 535',
    site: 'https://studio.example',
  });
});

test('fixing the password delivers the email with no retry command, clears /healthz on both and is announced once', async () => {
  smtpPassword = 'old-password';
  for (const instance of instances) {
    await expect.poll(async () => (await healthz(instance)).status, { timeout: 90_000, intervals: [1_000] }).toBe('ok');
  }
  await expect
    .poll(() => alerts.filter((alert) => alert.status === 200).map((alert) => alert.body.event), { timeout: 30_000 })
    .toEqual(['delivery_problem', 'delivery_recovered']);
  for (const alert of alerts) {
    for (const detail of Object.values(visitor)) expect(JSON.stringify(alert.body)).not.toContain(detail);
  }
});
