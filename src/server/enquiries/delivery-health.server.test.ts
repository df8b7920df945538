/**
 * Every lead is seen: with real servers (an SMTP server refusing the login, one refusing the connection, HubSpot's
 * stand-in answering a 400, a webhook receiver whose first POST fails), on both stores and with two instances on one
 * PostgreSQL, a delivery problem shows in /healthz's report and is announced once when it starts and once when it
 * clears, never with a visitor's details.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { hubspotErrorBody } from '../../../scripts/lib/hubspot-errors.ts';
import { freePort } from '../../../scripts/lib/server-process.ts';
import { parseConfig } from '../config.server.ts';
import type { EnquiryStore } from './enquiry-store.server.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { deliveryChannels, type DeliveryLogger } from './delivery-policy.server.ts';
import { startOutbox } from './outbox.server.ts';
import { openPostgresStore } from './postgres-store/postgres-store.server.ts';
import {
  newEnquiry,
  silentReceiver,
  smtpStandIn,
  tempEnquiriesFile,
  testDatabase,
  webhookReceiver,
  fastTime,
  quickPolicy,
} from '../../../test-support/enquiries.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const visitor = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', message: 'Our secret plans' };
const visitorDetails = ['Ada', 'Lovelace', 'ada@example.com', 'secret plans'];

function memoryLogger() {
  const lines: Array<{ level: string; message: string; details: Record<string, unknown> }> = [];
  const at = (level: string) => (details: object, message: string) =>
    lines.push({ level, message, details: details as Record<string, unknown> });
  return { logger: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as DeliveryLogger, lines };
}

/** HubSpot's stand-in, answering `reply` (which a test may change), and when each submission arrived. */
async function hubspotStandIn(answer: { status: number; body: string }) {
  const reply = { ...answer };
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(Date.now());
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reply, arrivals };
}

type Opener = (enabled: { hubspot: boolean; email: boolean }) => Promise<EnquiryStore>;

const stores: Array<[string, () => { open: Opener; shared: boolean }]> = [
  [
    'the file',
    () => {
      const tmp = tempEnquiriesFile('delivery-health-', join('data', 'enquiries.json'));
      return { open: (enabled) => openFileStore(tmp.file, { enabled }), shared: false };
    },
  ],
  [
    'PostgreSQL',
    () => {
      const database = testDatabase();
      return { open: (enabled) => openPostgresStore(database.url, { enabled }), shared: true };
    },
  ],
];

/**
 * A serving process's delivery: its store and its outbox, which checks and reports delivery health (as server.ts),
 * on the quick policy's clock.
 */
async function instance(open: Opener, env: Record<string, string>) {
  const config = parseConfig({ SITE_URL: 'https://studio.example', NOTIFY_EMAIL: 'leads@studio.example', ...env });
  const store = await open(deliveryChannels(config));
  const { logger, lines } = memoryLogger();
  const outbox = startOutbox({ store, config, logger, policy: quickPolicy });
  cleanups.push(() => store.close());
  cleanups.push(() => outbox.stop());
  return { store, outbox, lines };
}

const alertShape = (event: string, channel: string, code: string) => ({
  text: expect.stringContaining('https://studio.example'),
  event,
  channel,
  count: expect.any(Number),
  code,
  site: 'https://studio.example',
});

describe.each(stores)('delivery health on %s', { timeout: 120_000 }, (_name, setUp) => {
  const { open } = setUp();

  test('a refused SMTP login: a warning at start, a problem from the first enquiry, one alert despite the receiver failing first; a fixed password clears it with no retry command', async () => {
    fastTime(cleanups);
    const smtp = await smtpStandIn({ password: 'new-password' });
    cleanups.push(() => smtp.close());
    const webhook = await webhookReceiver({ failFirst: 1 });
    cleanups.push(() => webhook.close());
    const smtpUrl = smtp.url.replace('smtp://', 'smtp://studio:old-password@');
    const site = await instance(open, { SMTP_URL: smtpUrl, ALERT_WEBHOOK_URL: webhook.url });

    await vi.waitFor(async () => expect((await site.outbox.report()).warnings.join()).toContain('refused the login'), {
      timeout: 20_000,
    });
    expect((await site.outbox.report()).problems).toEqual([]);
    const added = await site.store.add({ ...newEnquiry(visitor), spam: false });
    site.outbox.wake();

    await vi.waitFor(
      async () =>
        expect((await site.outbox.report()).problems).toEqual([
          'email delivery problem: 1 enquiry not delivered (last error SMTP 535)',
        ]),
      { timeout: 20_000 },
    );
    // Still retried: pending, not failed.
    expect((await site.store.get(added.id))?.delivery.email).toBe('pending');
    await vi.waitFor(() => expect(webhook.accepted()).toHaveLength(1), { timeout: 30_000 });
    expect(webhook.posts[0]).toMatchObject({ status: 500, contentType: 'application/json' });
    expect(webhook.accepted()[0]).toEqual(alertShape('delivery_problem', 'email', 'SMTP 535'));

    smtp.acceptPassword('old-password');
    await vi.waitFor(async () => expect((await site.store.get(added.id))?.delivery.email).toBe('sent'), {
      timeout: 60_000,
    });
    await vi.waitFor(() => expect(webhook.accepted()).toHaveLength(2), { timeout: 30_000 });
    expect(webhook.accepted()[1]).toEqual(alertShape('delivery_recovered', 'email', 'SMTP 535'));
    expect((await site.outbox.report()).problems).toEqual([]);
    // Several more checks, longer than every alert retry's delay together: nothing more is announced.
    const settledAt = Date.now();
    await vi.waitFor(() => expect(Date.now() - settledAt).toBeGreaterThan(30_000), { timeout: 30_000 });
    expect(webhook.accepted()).toHaveLength(2);
    const said = JSON.stringify([webhook.posts, site.lines, await site.outbox.report()]);
    for (const detail of visitorDetails) expect(said).not.toContain(detail);
  });

  test('a mail server refusing the connection: a warning at once; pending becomes a problem only after DELIVERY_ALERT_MINUTES', async () => {
    // The clock moves on in real time from wherever the test sets it: a retry scheduled by it (an alert the receiver
    // did not take at once, on a busy machine) must still come due.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    cleanups.push(() => {
      vi.useRealTimers();
    });
    const webhook = await webhookReceiver();
    cleanups.push(() => webhook.close());
    const closedPort = await freePort();
    const site = await instance(open, {
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
      ALERT_WEBHOOK_URL: webhook.url,
      DELIVERY_ALERT_MINUTES: '15',
    });
    await vi.waitFor(
      async () => expect((await site.outbox.report()).warnings.join()).toContain('cannot be reached or refused'),
      { timeout: 20_000 },
    );
    const added = await site.store.add({ ...newEnquiry(visitor), spam: false });
    site.outbox.wake();
    await vi.waitFor(async () => expect((await site.store.get(added.id))?.progress.email.attempts).toBe(1), {
      timeout: 20_000,
    });
    // /healthz reads the store at most every 200 ms (2 s in production).
    await vi.waitFor(
      async () =>
        expect((await site.outbox.report()).deliveries).toEqual({
          email: { pending: 1, failed: 0, oldestPendingSeconds: expect.any(Number) },
        }),
      { timeout: 5_000 },
    );
    expect((await site.outbox.report()).problems).toEqual([]);

    vi.setSystemTime(Date.parse(added.receivedAt) + 14 * 60_000);
    await vi.waitFor(
      async () =>
        expect((await site.outbox.report()).deliveries?.email?.oldestPendingSeconds).toBeGreaterThanOrEqual(14 * 60),
      { timeout: 5_000 },
    );
    expect((await site.outbox.report()).problems).toEqual([]);
    expect(webhook.posts).toEqual([]);

    vi.setSystemTime(Date.parse(added.receivedAt) + 16 * 60_000);
    await vi.waitFor(
      async () =>
        expect((await site.outbox.report()).problems).toEqual([
          expect.stringMatching(/^email delivery problem: 1 enquiry not delivered \(last error \S+\)$/),
        ]),
      { timeout: 10_000 },
    );
    await vi.waitFor(() => expect(webhook.accepted()).toHaveLength(1), { timeout: 20_000 });
    expect(webhook.accepted()[0]).toMatchObject({ event: 'delivery_problem', channel: 'email', count: 1 });
  });

  test("HubSpot's other 400: failed and a problem; without a webhook it is emailed to NOTIFY_EMAIL", async () => {
    const hubspot = await hubspotStandIn({
      status: 400,
      body: hubspotErrorBody([{ field: 'email', errorType: 'BLOCKED_EMAIL' }]),
    });
    const smtp = await smtpStandIn();
    cleanups.push(() => smtp.close());
    const site = await instance(open, {
      HUBSPOT_PORTAL_ID: '12345678',
      HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
      HUBSPOT_API_URL: hubspot.url,
      SMTP_URL: smtp.url,
    });
    const added = await site.store.add({ ...newEnquiry(visitor), spam: false });
    site.outbox.wake();
    await vi.waitFor(async () => expect((await site.store.get(added.id))?.delivery.hubspot).toBe('failed'), {
      timeout: 20_000,
    });
    await vi.waitFor(
      async () =>
        expect((await site.outbox.report()).problems).toEqual([
          'HubSpot delivery problem: 1 enquiry not delivered (last error HTTP 400)',
        ]),
      { timeout: 10_000 },
    );
    const alerts = () => smtp.messages.filter((m) => m.parsed.subject?.startsWith('Enquiry delivery problem'));
    await vi.waitFor(() => expect(alerts()).toHaveLength(1), { timeout: 20_000 });
    const [alert] = alerts();
    expect(alert?.rcpt).toEqual(['leads@studio.example']);
    expect(alert?.parsed.subject).toBe('Enquiry delivery problem: HubSpot (HTTP 400)');
    expect(alert?.parsed.text).toContain('1 enquiry not delivered');
    for (const detail of visitorDetails) expect(`${alert?.parsed.subject} ${alert?.parsed.text}`).not.toContain(detail);
    // The enquiry's own email went too, so that lead is still seen.
    expect(smtp.messages.filter((m) => m.parsed.subject?.startsWith('Website enquiry'))).toHaveLength(1);
  });
});

describe.each(stores)('a webhook that never answers, on %s', { timeout: 120_000 }, (_name, setUp) => {
  const { open } = setUp();

  test('holds up no lead: the next lead reaches HubSpot while the alert still waits for an answer', async () => {
    const hubspot = await hubspotStandIn({
      status: 400,
      body: hubspotErrorBody([{ field: 'email', errorType: 'INVALID_EMAIL' }]),
    });
    const webhook = await silentReceiver();
    cleanups.push(() => webhook.close());
    const site = await instance(open, {
      HUBSPOT_PORTAL_ID: '12345678',
      HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
      HUBSPOT_API_URL: hubspot.url,
      ALERT_WEBHOOK_URL: webhook.url,
    });
    // HubSpot refuses the first lead for good: a delivery problem, announced to a receiver that never answers.
    await site.store.add({ ...newEnquiry(visitor), spam: false });
    site.outbox.wake();
    await vi.waitFor(() => expect(webhook.requests).toHaveLength(1), { timeout: 30_000 });

    hubspot.reply.status = 200;
    hubspot.reply.body = '{"inlineMessage":"Thanks"}';
    const next = await site.store.add({ ...newEnquiry({ ...visitor, email: 'grace@example.com' }), spam: false });
    site.outbox.wake();
    await vi.waitFor(async () => expect((await site.store.get(next.id))?.delivery.hubspot).toBe('sent'), {
      timeout: 30_000,
    });
    const [alert] = webhook.requests;
    const leadAt = hubspot.arrivals.at(-1) ?? Infinity;
    expect(leadAt).toBeGreaterThan(alert?.at ?? Infinity);
    // Before the sender gave up on the alert (its 5 s limit), if it has yet: the lead did not wait for it.
    expect(leadAt).toBeLessThan(alert?.closedAt ?? Infinity);
    await webhook.close();
  });
});

describe('two instances on one PostgreSQL', { timeout: 120_000 }, () => {
  const database = testDatabase();
  const open: Opener = (enabled) => openPostgresStore(database.url, { enabled });

  test('one alert per problem and one for its recovery across both, and the same report on each', async () => {
    fastTime(cleanups);
    const hubspot = await hubspotStandIn({
      status: 400,
      body: hubspotErrorBody([{ field: 'email', errorType: 'INVALID_EMAIL' }]),
    });
    const webhook = await webhookReceiver({ failFirst: 1 });
    cleanups.push(() => webhook.close());
    const env = {
      HUBSPOT_PORTAL_ID: '12345678',
      HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
      HUBSPOT_API_URL: hubspot.url,
      ALERT_WEBHOOK_URL: webhook.url,
    };
    const a = await instance(open, env);
    const b = await instance(open, env);
    const added = await a.store.add({ ...newEnquiry(visitor), spam: false });
    a.outbox.wake();
    await vi.waitFor(async () => expect((await b.store.get(added.id))?.delivery.hubspot).toBe('failed'), {
      timeout: 20_000,
    });
    await vi.waitFor(
      async () => {
        const [ra, rb] = await Promise.all([a.outbox.report(), b.outbox.report()]);
        expect(ra.problems).toEqual(['HubSpot delivery problem: 1 enquiry not delivered (last error HTTP 400)']);
        expect(rb).toEqual(ra);
      },
      { timeout: 20_000 },
    );
    await vi.waitFor(() => expect(webhook.accepted()).toHaveLength(1), { timeout: 30_000 });

    // The studio fixes the form and re-queues it (npm run enquiries -- retry).
    hubspot.reply.status = 200;
    hubspot.reply.body = '{"inlineMessage":"Thanks"}';
    await b.store.retry();
    await vi.waitFor(async () => expect((await a.store.get(added.id))?.delivery.hubspot).toBe('sent'), {
      timeout: 30_000,
    });
    await vi.waitFor(() => expect(webhook.accepted()).toHaveLength(2), { timeout: 30_000 });
    // Several more checks, longer than every alert retry's delay together: nothing more is announced.
    const settledAt = Date.now();
    await vi.waitFor(() => expect(Date.now() - settledAt).toBeGreaterThan(30_000), { timeout: 30_000 });
    expect(webhook.accepted().map((alert) => alert.event)).toEqual(['delivery_problem', 'delivery_recovered']);
    const [ra, rb] = await Promise.all([a.outbox.report(), b.outbox.report()]);
    expect(ra).toEqual({
      deliveries: { hubspot: { pending: 0, failed: 0, oldestPendingSeconds: null } },
      ageSeconds: expect.any(Number),
      problems: [],
      warnings: [],
    });
    expect({ ...rb, ageSeconds: 0 }).toEqual({ ...ra, ageSeconds: 0 });
    const said = JSON.stringify([webhook.posts, a.lines, b.lines]);
    for (const detail of visitorDetails) expect(said).not.toContain(detail);
  });
});
