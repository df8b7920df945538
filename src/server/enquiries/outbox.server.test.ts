import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseConfig } from '../config.server.ts';
import { retryDeliveries } from './commands.server.ts';
import type { EnquiryStore } from './enquiry-store.server.ts';
import type { NewEnquiry, StoredEnquiry } from './enquiry.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { addedBySite, typedByVisitor, hubspotSubmission, retryAfterMs } from './hubspot.server.ts';
import { deliveryChannels, deliveryPolicy, type DeliveryLogger } from './delivery-policy.server.ts';
import { attemptTimes, startOutbox, type Outbox } from './outbox.server.ts';
import { newEnquiry, smtpStandIn, tempEnquiriesFile, fastTime, quickPolicy } from '../../../test-support/enquiries.ts';

const portalId = '12345678';
const formId = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';
const deliverer = fileURLToPath(new URL('../../../test-support/outbox-process.ts', import.meta.url));

const tmp = tempEnquiriesFile('delivery-');
const cleanups: Array<() => Promise<void> | void> = [];
// Runs before the folder is removed: Vitest runs after-hooks in the reverse order of their registration.
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const enquiry = (overrides: Partial<NewEnquiry> = {}) =>
  newEnquiry({
    phone: '0400 000 000',
    company: 'Harbour Cafe',
    message: 'A new website <b>soon</b>',
    pageName: 'Start a project',
    hutk: '0123456789abcdef0123456789abcdef',
    ...overrides,
  });

function memoryLogger() {
  const lines: Array<{ level: string; message: string; details: Record<string, unknown> }> = [];
  const at = (level: string) => (details: object, message: string) =>
    lines.push({ level, message, details: details as Record<string, unknown> });
  const logger = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as DeliveryLogger;
  return { logger, lines };
}

type Reply = 'reset' | 'hang' | { status: number; headers?: Record<string, string>; body?: string };

/** A local stand-in for HubSpot's Forms Submission API, answering with `replies` in turn (the last repeats). */
async function hubspotStandIn(replies: Reply[]) {
  const requests: Array<{ url: string; body: unknown; at: number; reply: Reply }> = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const reply = replies[Math.min(requests.length, replies.length - 1)] ?? { status: 200 };
      requests.push({ url: req.url ?? '', body: JSON.parse(text), at: Date.now(), reply });
      if (reply === 'reset') return req.socket.destroy();
      if (reply === 'hang') return void hanging.push(res);
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? '{"inlineMessage":"Thanks"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accepted = () => requests.filter((r) => r.reply !== 'reset' && r.reply !== 'hang' && r.reply.status === 200);
  return { url, requests, accepted };
}

function hubspotConfig(apiUrl: string) {
  return parseConfig({
    HUBSPOT_PORTAL_ID: portalId,
    HUBSPOT_FORM_ID: formId,
    HUBSPOT_API_URL: apiUrl,
    SITE_URL: 'https://studio.example',
  });
}

async function stored(store: EnquiryStore, id: string): Promise<StoredEnquiry> {
  const found = await store.get(id);
  if (!found) throw new Error(`enquiry ${id} is not in the store`);
  return found;
}

function run(delivery: Outbox): Outbox {
  cleanups.push(() => delivery.stop());
  return delivery;
}

/**
 * A store whose outbox forwards to a HubSpot stand-in giving `replies` in turn, on virtual time, with the
 * production policy unless told. `start()` starts the outbox (stopped after the test), so a test may fill the
 * store first.
 */
async function hubspotOutbox(replies: Reply[], { fast = true, policy = deliveryPolicy } = {}) {
  if (fast) fastTime(cleanups);
  const hubspot = await hubspotStandIn(replies);
  const config = hubspotConfig(hubspot.url);
  const store = await openFileStore(tmp.file, { enabled: deliveryChannels(config) });
  const { logger, lines } = memoryLogger();
  const start = () => run(startOutbox({ store, config, logger, policy }));
  return { hubspot, store, lines, start };
}

const expectedSubmission = (receivedAt: string) => ({
  submittedAt: String(Date.parse(receivedAt)),
  fields: [
    { name: 'firstname', value: 'Ada' },
    { name: 'lastname', value: 'Lovelace' },
    { name: 'email', value: 'ada@example.com' },
    { name: 'phone', value: '0400 000 000' },
    { name: 'company', value: 'Harbour Cafe' },
    {
      name: 'message',
      value: `${addedBySite}\nPackage: Growth Partner\n\n${typedByVisitor}\nA new website <b>soon</b>`,
    },
  ],
  context: {
    pageUri: 'https://studio.example/start-project?plan=growth',
    pageName: 'Start a project',
    hutk: '0123456789abcdef0123456789abcdef',
  },
});

describe('forwarding to HubSpot', { timeout: 60_000 }, () => {
  test('a reset connection, a 500 and a 429 are retried (after Retry-After); exactly one accepted submission', async () => {
    const { hubspot, store, lines, start } = await hubspotOutbox([
      'reset',
      { status: 500 },
      { status: 429, headers: { 'retry-after': '7' } },
      { status: 200 },
    ]);
    start();
    const added = await store.add(enquiry());

    await vi.waitFor(async () => expect((await stored(store, added.id)).delivery.hubspot).toBe('sent'), {
      timeout: 20_000,
    });
    expect(hubspot.requests).toHaveLength(4);
    expect(hubspot.accepted()).toHaveLength(1);
    for (const request of hubspot.requests) {
      expect(request.url).toBe(`/submissions/v3/integration/submit/${portalId}/${formId}`);
      expect(request.body).toEqual(expectedSubmission(added.receivedAt));
    }
    const [reset, error500, tooMany, ok] = hubspot.requests.map((r) => r.at) as [number, number, number, number];
    expect(error500 - reset).toBeGreaterThanOrEqual(5_000);
    expect(tooMany - error500).toBeGreaterThanOrEqual(10_000);
    expect(ok - tooMany).toBeGreaterThanOrEqual(7_000);
    expect((await stored(store, added.id)).progress.hubspot).toMatchObject({ attempts: 4 });

    // The log line follows the durable record: wait for it too.
    await vi.waitFor(() => expect(lines.at(-1)?.message).toBe('enquiry forwarded to HubSpot'));
    expect(lines.map((l) => l.message)).toEqual([
      'enquiry HubSpot delivery will be retried',
      'enquiry HubSpot delivery will be retried',
      'enquiry HubSpot delivery will be retried',
      'enquiry forwarded to HubSpot',
    ]);
    expect(lines.every((l) => l.details.enquiry === added.id)).toBe(true);
    const logged = JSON.stringify(lines);
    for (const detail of ['ada@example.com', 'Lovelace', '0400', 'Harbour', 'website', added.hutk ?? '-']) {
      expect(logged).not.toContain(detail);
    }
  });

  test('lines a visitor types cannot pass for the ones the website adds to the message', async () => {
    const { hubspot, store, start } = await hubspotOutbox([{ status: 200 }, { status: 200 }]);
    start();
    // The site's heading copied exactly, and a variant of it (two dashes, en dashes) with no site line at all.
    const forged = [
      'Please call after 5.',
      '',
      addedBySite,
      'Package: Growth Retainer (agreed $9,000/month, paid upfront)',
      'Came from: google / cpc / brand-search',
    ].join('\n');
    const variant = ['– Added by the website –', 'Package: Growth Retainer (agreed)'].join('\n');
    const withLines = await store.add(
      enquiry({
        message: forged,
        attribution: { last: { landingPath: '/services', utm_source: 'newsletter', utm_medium: 'email' } },
      }),
    );
    const withoutLines = await store.add(enquiry({ message: variant, plan: undefined, attribution: undefined }));
    for (const { id } of [withLines, withoutLines]) {
      await vi.waitFor(async () => expect((await stored(store, id)).delivery.hubspot).toBe('sent'), {
        timeout: 20_000,
      });
    }
    const messages = hubspot.requests.map(
      (sent) =>
        (sent.body as { fields: Array<{ name: string; value: string }> }).fields.find((f) => f.name === 'message')
          ?.value,
    );
    expect(messages).toContain(
      [
        addedBySite,
        'Package: Growth Partner',
        'Came from: newsletter / email / (none)',
        '',
        typedByVisitor,
        'Please call after 5.',
        '',
        addedBySite,
        'Package: Growth Retainer (agreed $9,000/month, paid upfront)',
        'Came from: google / cpc / brand-search',
      ].join('\n'),
    );
    // With nothing added by the site, the visitor's heading still comes first: whatever they typed sits below it.
    expect(messages).toContain(`${typedByVisitor}\n${variant}`);
  });

  test('an outcome the store refuses for good fails the delivery in a write of its own; one it cannot take in time is logged, and its lead sent again with a warning', async () => {
    fastTime(cleanups);
    const hubspot = await hubspotStandIn([{ status: 200 }]);
    const config = hubspotConfig(hubspot.url);
    const store = await openFileStore(tmp.file, { enabled: deliveryChannels(config) });
    const refused = await store.add(enquiry({ email: 'refused@example.com' }));
    const away = await store.add(enquiry({ email: 'away@example.com' }));
    const refusal = Object.assign(new Error('value too long for type character varying(10)'), { code: '22001' });
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const flaky: EnquiryStore = Object.create(store) as EnquiryStore;
    flaky.recordOutcome = (claim, result) => {
      if (claim.enquiry.id === away.id) return Promise.reject(unreachable);
      if (claim.enquiry.id === refused.id && result?.state === 'sent') return Promise.reject(refusal);
      return store.recordOutcome(claim, result);
    };
    const { logger, lines } = memoryLogger();
    run(startOutbox({ store: flaky, config, logger }));
    const forwardedTo = (email: string) =>
      hubspot.requests.filter((r) => JSON.stringify(r.body).includes(email)).length;

    await vi.waitFor(async () => expect((await stored(store, refused.id)).delivery.hubspot).toBe('failed'), {
      timeout: 20_000,
    });
    expect((await stored(store, refused.id)).progress.hubspot).toMatchObject({
      attempts: 1,
      lastErrorCode: 'STORE 22001',
      lastError: expect.stringContaining('refused to record'),
    });
    expect(lines).toContainEqual({
      level: 'error',
      message: 'the store refused the outcome of an enquiry delivery: the delivery is marked failed',
      details: {
        enquiry: refused.id,
        channel: 'hubspot',
        outcome: 'sent',
        code: '22001',
        reason: 'value too long for type character varying(10)',
      },
    });
    // The other outcome is given up at its claim's deadline; once the claim has ended, its lead is sent again, and
    // the log says it may arrive twice.
    await vi.waitFor(
      () =>
        expect(lines).toContainEqual({
          level: 'warn',
          message:
            'enquiry HubSpot delivery sent again after an attempt whose outcome was not recorded: the lead may arrive twice',
          details: { enquiry: away.id, channel: 'hubspot' },
        }),
      { timeout: 20_000 },
    );
    expect(lines).toContainEqual({
      level: 'error',
      message: 'the outcome of an enquiry delivery could not be recorded',
      details: { enquiry: away.id, channel: 'hubspot', code: 'ECONNREFUSED' },
    });
    await vi.waitFor(() => expect(forwardedTo('away@example.com')).toBeGreaterThanOrEqual(2), { timeout: 20_000 });
    // The refused one is not: its claim ended long ago.
    expect(forwardedTo('refused@example.com')).toBe(1);
    expect(lines.some((l) => l.message === 'enquiry forwarded to HubSpot')).toBe(false);
    const logged = JSON.stringify(lines);
    for (const detail of ['refused@example.com', 'away@example.com', 'Lovelace', '0400', 'Harbour', 'website']) {
      expect(logged).not.toContain(detail);
    }
  });

  test('a 400 is final: failed with the reason kept, never sent again', async () => {
    const { hubspot, store, lines, start } = await hubspotOutbox(
      [{ status: 400, body: '{"status":"error","message":"The request is not valid","errors":[]}' }],
      { policy: quickPolicy },
    );
    start();
    const added = await store.add(enquiry());

    await vi.waitFor(async () => expect((await stored(store, added.id)).delivery.hubspot).toBe('failed'), {
      timeout: 20_000,
    });
    const failedAt = Date.now();
    // Long enough for several retries (0.5 s, 1 s, 2 s, 4 s… on the quick policy) had it been retried: still one.
    await vi.waitFor(() => expect(Date.now() - failedAt).toBeGreaterThan(12_000), { timeout: 30_000 });
    expect(hubspot.requests).toHaveLength(1);
    expect((await stored(store, added.id)).progress.hubspot).toMatchObject({
      attempts: 1,
      lastError: expect.stringMatching(/^HubSpot answered 400: .*not valid/),
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'enquiry HubSpot delivery failed',
        details: expect.objectContaining({ enquiry: added.id, code: 'HTTP 400' }),
      }),
    );
  });

  test('a sender taking over counts a delivery retried within 10 s twice, its first try at the latest it could have been', () => {
    const now = 1_000_000;
    expect(
      attemptTimes([
        { lastAttemptAt: now - 1_000, attempts: 1 },
        // Its first try came at least 5 s before the retry (the first backoff step).
        { lastAttemptAt: now - 2_000, attempts: 2 },
        // Its second try came at least 10 s before the third: outside the window.
        { lastAttemptAt: now - 3_000, attempts: 3 },
      ]),
    ).toEqual([now - 7_000, now - 3_000, now - 2_000, now - 1_000]);
  });

  test('at most 45 submissions in any 10 s, however many are waiting', async () => {
    // Real time: the limit is what is being measured.
    const { hubspot, store, start } = await hubspotOutbox([{ status: 200 }], { fast: false });
    await Promise.all(Array.from({ length: 60 }, (_, i) => store.add(enquiry({ email: `v${i}@example.com` }))));
    start();

    await vi.waitFor(async () => expect((await store.list()).every((e) => e.delivery.hubspot === 'sent')).toBe(true), {
      timeout: 60_000,
    });
    const times = hubspot.requests.map((r) => r.at);
    expect(times).toHaveLength(60);
    // The outbox starts at most 45 in any 10 s; they arrive a few milliseconds after they start. HubSpot's own
    // limit, 50 in 10 s, is never reached.
    for (let i = 0; i + 45 < times.length; i += 1) {
      expect((times[i + 45] ?? 0) - (times[i] ?? 0)).toBeGreaterThanOrEqual(9_500);
    }
    for (let i = 0; i + 50 < times.length; i += 1) {
      expect((times[i + 50] ?? 0) - (times[i] ?? 0)).toBeGreaterThanOrEqual(10_000);
    }
  });

  test('spam and unconfigured channels are never sent', async () => {
    const { hubspot, store, start } = await hubspotOutbox([{ status: 200 }]);
    start();
    const spam = await store.add(enquiry({ spam: true }));
    const real = await store.add(enquiry({ email: 'real@example.com' }));
    await vi.waitFor(async () => expect((await stored(store, real.id)).delivery.hubspot).toBe('sent'), {
      timeout: 20_000,
    });
    expect(hubspot.requests.map((r) => JSON.stringify(r.body))).toEqual([expect.stringContaining('real@example.com')]);
    expect((await stored(store, spam.id)).delivery).toEqual({ hubspot: 'off', email: 'off' });
    // No SMTP_URL: the email channel is off, not pending.
    expect((await stored(store, real.id)).delivery).toEqual({ hubspot: 'sent', email: 'off' });
  });

  test('an unreadable file stalls delivery with one error line, not one per poll', async () => {
    const { hubspot, lines, start } = await hubspotOutbox([{ status: 200 }]);
    await writeFile(tmp.file, 'not json');
    start();
    const startedAt = Date.now();
    await vi.waitFor(() => expect(Date.now() - startedAt).toBeGreaterThan(30_000), { timeout: 30_000 });
    expect(lines).toEqual([
      {
        level: 'error',
        message: 'enquiry delivery is stalled',
        details: { err: { message: expect.stringContaining('enquiries.json: is not valid JSON') } },
      },
    ]);
    expect(hubspot.requests).toEqual([]);
  });

  test('a restart finishes what was pending, including a send cut short by stop()', async () => {
    const hubspot = await hubspotStandIn(['hang', { status: 200 }]);
    const config = hubspotConfig(hubspot.url);
    // Stored while no outbox ran (the server crashed, say).
    const store = await openFileStore(tmp.file, { enabled: deliveryChannels(config) });
    const waiting = await store.add(enquiry());
    const first = startOutbox({ store, config, logger: memoryLogger().logger });
    await vi.waitFor(() => expect(hubspot.requests).toHaveLength(1), { timeout: 20_000 });
    await first.stop();
    expect((await stored(store, waiting.id)).delivery.hubspot).toBe('pending');
    expect((await stored(store, waiting.id)).progress.hubspot.attempts).toBe(0);

    const reopened = await openFileStore(tmp.file, { enabled: deliveryChannels(config) });
    run(startOutbox({ store: reopened, config, logger: memoryLogger().logger }));
    await vi.waitFor(async () => expect((await stored(reopened, waiting.id)).delivery.hubspot).toBe('sent'), {
      timeout: 20_000,
    });
    expect(hubspot.accepted()).toHaveLength(1);
  });
});

describe('the HubSpot submission body', () => {
  test('only non-empty fields; the package alone becomes the message; a path becomes a URL; no hutk, no key', () => {
    const body = hubspotSubmission(
      {
        ...enquiry({ lastname: undefined, phone: '  ', company: undefined, message: undefined, hutk: undefined }),
        pageUri: '/services',
        pageName: undefined,
        id: 'x',
        receivedAt: '2026-01-02T03:04:05.678Z',
        delivery: { hubspot: 'pending', email: 'off' },
        progress: { hubspot: { attempts: 0 }, email: { attempts: 0 } },
      },
      { siteUrl: 'https://studio.example', utmFields: false },
    );
    expect(body).toEqual({
      submittedAt: String(Date.parse('2026-01-02T03:04:05.678Z')),
      fields: [
        { name: 'firstname', value: 'Ada' },
        { name: 'email', value: 'ada@example.com' },
        { name: 'message', value: `${addedBySite}\nPackage: Growth Partner` },
      ],
      context: { pageUri: 'https://studio.example/services', pageName: 'https://studio.example/services' },
    });
  });

  test('Retry-After in seconds or as a date, kept between 1 s and an hour', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('0', now)).toBe(1_000);
    expect(retryAfterMs('999999', now)).toBe(3_600_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('operators', { timeout: 60_000 }, () => {
  test('a failed delivery re-queued by `retry` is sent by the running outbox', async () => {
    const { hubspot, store, start } = await hubspotOutbox([{ status: 400 }, { status: 200 }]);
    start();
    const added = await store.add(enquiry());
    await vi.waitFor(async () => expect((await stored(store, added.id)).delivery.hubspot).toBe('failed'), {
      timeout: 20_000,
    });
    // As `npm run enquiries -- retry` does, from outside the serving process: no wake() call.
    expect(await retryDeliveries({ file: tmp.file })).toEqual({ hubspot: 1, email: 0 });
    await vi.waitFor(async () => expect((await stored(store, added.id)).delivery.hubspot).toBe('sent'), {
      timeout: 20_000,
    });
    expect(hubspot.requests).toHaveLength(2);
  });
});

describe('two serving processes', () => {
  test('when the process holding the lease is killed, another takes over and sends', { timeout: 120_000 }, async () => {
    const hubspot = await hubspotStandIn(['hang', { status: 200 }]);
    const config = hubspotConfig(hubspot.url);
    const store = await openFileStore(tmp.file, { enabled: deliveryChannels(config) });
    const added = await store.add(enquiry());
    const env = {
      ...process.env,
      ENQUIRIES_FILE: tmp.file,
      HUBSPOT_PORTAL_ID: portalId,
      HUBSPOT_FORM_ID: formId,
      HUBSPOT_API_URL: hubspot.url,
    };
    const holder = spawn(process.execPath, ['--import', 'tsx', deliverer], { env, stdio: 'ignore' });
    cleanups.push(() => void holder.kill('SIGKILL'));
    await vi.waitFor(() => expect(hubspot.requests).toHaveLength(1), { timeout: 30_000, interval: 100 });
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));

    // The killed holder's claim on it ends at its deadline (the attempt's 10 s and a margin), on virtual time here.
    fastTime(cleanups);
    run(startOutbox({ store, config, logger: memoryLogger().logger }));
    await vi.waitFor(async () => expect((await stored(store, added.id)).delivery.hubspot).toBe('sent'), {
      timeout: 30_000,
      interval: 100,
    });
    // At least once: the killed holder's request may have arrived; this one was accepted.
    expect(hubspot.accepted()).toHaveLength(1);
  });

  test('never both forward the same enquiry', { timeout: 90_000 }, async () => {
    const hubspot = await hubspotStandIn([{ status: 200 }]);
    const config = hubspotConfig(hubspot.url);
    const store = await openFileStore(tmp.file, { enabled: deliveryChannels(config) });
    const env = {
      ...process.env,
      HUBSPOT_PORTAL_ID: portalId,
      HUBSPOT_FORM_ID: formId,
      HUBSPOT_API_URL: hubspot.url,
      ENQUIRIES_FILE: tmp.file,
    };
    const children: ChildProcess[] = [0, 1].map(() =>
      spawn(process.execPath, ['--import', 'tsx', deliverer], { env, stdio: 'ignore' }),
    );
    cleanups.push(() => {
      for (const child of children) child.kill('SIGKILL');
    });
    // Enquiries arrive while both run, as from two workers.
    await Promise.all(Array.from({ length: 30 }, (_, i) => store.add(enquiry({ email: `p${i}@example.com` }))));
    await vi.waitFor(async () => expect((await store.list()).every((e) => e.delivery.hubspot === 'sent')).toBe(true), {
      timeout: 60_000,
      interval: 200,
    });
    const emails = hubspot.requests.map(
      (r) =>
        (r.body as { fields: Array<{ name: string; value: string }> }).fields.find((f) => f.name === 'email')?.value,
    );
    expect(emails).toHaveLength(30);
    expect(new Set(emails).size).toBe(30);
  });
});

/** A real SMTP server on a free port; `refuseFirst` answers the first message with a temporary error. */
describe('email notification', { timeout: 120_000 }, () => {
  test('one plain-text message to NOTIFY_EMAIL, reply-to the visitor, every field; a 451 is retried', async () => {
    const smtp = await smtpStandIn({ refuseFirst: true });
    cleanups.push(smtp.close);
    fastTime(cleanups);
    const config = parseConfig({
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'leads@studio.example',
      SITE_URL: 'https://studio.example',
    });
    const store = await openFileStore(tmp.file, { enabled: deliveryChannels(config) });
    const { logger, lines } = memoryLogger();
    run(startOutbox({ store, config, logger }));
    const added = await store.add(enquiry({ message: 'Line one\n<script>alert(1)</script>' }));

    await vi.waitFor(
      async () => expect((await stored(store, added.id)).delivery).toEqual({ hubspot: 'off', email: 'sent' }),
      {
        timeout: 20_000,
      },
    );
    expect(smtp.offered()).toBe(2);
    expect(smtp.messages).toHaveLength(1);
    const [{ parsed, rcpt }] = smtp.messages as [{ parsed: ParsedMail; rcpt: string[] }];
    expect(rcpt).toEqual(['leads@studio.example']);
    expect(parsed.to).toMatchObject({ value: [{ address: 'leads@studio.example' }] });
    expect(parsed.replyTo).toMatchObject({ value: [{ address: 'ada@example.com', name: 'Ada Lovelace' }] });
    expect(parsed.subject).toBe('Website enquiry: Ada Lovelace (Growth Partner)');
    expect(parsed.html).toBe(false);
    for (const line of [
      'First name: Ada',
      'Last name: Lovelace',
      'Email: ada@example.com',
      'Phone: 0400 000 000',
      'Business: Harbour Cafe',
      'Package: Growth Partner',
      'Page: https://studio.example/start-project?plan=growth',
      `Received: ${added.receivedAt}`,
      `Enquiry id: ${added.id}`,
      'Line one\n<script>alert(1)</script>',
    ]) {
      expect(parsed.text).toContain(line);
    }
    await vi.waitFor(() => expect(lines.at(-1)?.message).toBe('enquiry notified by email'));
    expect(lines.map((l) => l.message)).toEqual([
      'enquiry email delivery will be retried',
      'enquiry notified by email',
    ]);
  });

  // On the quick policy: a 3 s limit for the whole attempt (30 s in production), the server answering each step in
  // 2.5 s (25 s): the same code, ten times sooner.
  test('a mail server answering each step just in time: the attempt ends at its whole limit, and HubSpot forwards meanwhile', async () => {
    const limitMs = quickPolicy.attemptTimeoutMs.email;
    const smtp = await smtpStandIn();
    cleanups.push(smtp.close);
    smtp.answerAfter(limitMs - 500);
    const hubspot = await hubspotStandIn([{ status: 200 }]);
    const config = parseConfig({
      HUBSPOT_PORTAL_ID: portalId,
      HUBSPOT_FORM_ID: formId,
      HUBSPOT_API_URL: hubspot.url,
      SMTP_URL: smtp.url,
      SITE_URL: 'https://studio.example',
    });
    const store = await openFileStore(tmp.file, { enabled: deliveryChannels(config) });
    const { logger, lines } = memoryLogger();
    run(startOutbox({ store, config, logger, policy: quickPolicy }));
    const startedAt = Date.now();
    const first = await store.add(enquiry());
    await vi.waitFor(async () => expect((await stored(store, first.id)).delivery.hubspot).toBe('sent'), {
      timeout: 10_000,
    });
    // A second lead while the first email waits on the mail server: forwarded at once all the same.
    const second = await store.add(enquiry({ email: 'second@example.com' }));
    await vi.waitFor(async () => expect((await stored(store, second.id)).delivery.hubspot).toBe('sent'), {
      timeout: 10_000,
    });
    expect((await stored(store, first.id)).delivery.email).toBe('pending');

    await vi.waitFor(
      () =>
        expect(lines).toContainEqual(
          expect.objectContaining({
            message: 'enquiry email delivery will be retried',
            details: expect.objectContaining({ code: 'TIMEOUT' }),
          }),
        ),
      { timeout: 10_000, interval: 50 },
    );
    // Had the whole attempt no limit, its three slow steps alone would take 7.5 s.
    expect(Date.now() - startedAt).toBeLessThan(limitMs + 2_500);
    expect((await stored(store, first.id)).progress.email).toMatchObject({
      attempts: 1,
      lastError: `email not sent: no answer within ${limitMs / 1_000} s`,
    });

    smtp.answerAfter(0);
    await vi.waitFor(async () => expect((await store.list()).map((e) => e.delivery.email)).toEqual(['sent', 'sent']), {
      timeout: 60_000,
    });
    const replyTo = smtp.messages.map((m) => (m.parsed.replyTo?.value[0]?.address ?? '').toString());
    expect(replyTo.sort()).toEqual(['ada@example.com', 'second@example.com']);
  });
});
