import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { refusalOfFieldsNotInForm } from '../../../scripts/lib/hubspot-errors.ts';
import { parseConfig } from '../config.server.ts';
import { deliveryChannels } from '../enquiries/delivery-policy.server.ts';
import type { EnquiryStore } from '../enquiries/enquiry-store.server.ts';
import type { EnabledChannels } from '../enquiries/enquiry.ts';
import { openFileStore } from '../enquiries/file-store/file-store.server.ts';
import { startOutbox } from '../enquiries/outbox.server.ts';
import { openPostgresStore } from '../enquiries/postgres-store/postgres-store.server.ts';
import {
  newEnquiry,
  quickPolicy,
  silentReceiver,
  smtpStandIn,
  tempEnquiriesFile,
  testDatabase,
  webhookReceiver,
} from '../../../test-support/enquiries.ts';
import { startSubscriberDelivery } from './subscriber-delivery.server.ts';
import { newConfirmationToken, type EnabledSubscriberChannels } from './subscriber.ts';

const tmp = tempEnquiriesFile('subscriber-delivery-');
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('handing confirmed subscribers on', () => {
  test('a confirmed subscriber reaches the newsletter webhook as JSON once; a pending sign-up never does', async () => {
    const hook = await webhookReceiver();
    cleanups.push(hook.close);
    const config = parseConfig({ NEWSLETTER_WEBHOOK_URL: hook.url, SITE_URL: 'https://studio.example' });
    const store = await openFileStore(tmp.file);
    cleanups.push(() => store.close());
    const link = newConfirmationToken();
    await store.signUp({ email: 'kim@example.com', firstname: 'Kim' }, link.hash);
    await store.signUp({ email: 'waiting@example.com' }, newConfirmationToken().hash);
    await store.confirm(link.hash, { hubspot: false, webhook: true });

    const delivery = startSubscriberDelivery({ store, config, logger: pino({ level: 'silent' }), pollMs: 50 });
    cleanups.push(() => delivery.stop());
    await vi.waitFor(async () =>
      expect((await store.findSubscriber('kim@example.com'))?.delivery.webhook).toBe('sent'),
    );
    expect(hook.accepted()).toEqual([
      expect.objectContaining({ event: 'newsletter_subscribed', email: 'kim@example.com', firstname: 'Kim' }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hook.accepted()).toHaveLength(1);
    expect((await delivery.report()).deliveries).toEqual({
      'newsletter-webhook': { pending: 0, failed: 0, oldestPendingSeconds: null },
    });
  });
});

/** HubSpot's API as a stand-in for a newsletter form with only `formFields` (email alone, as many are built). */
async function hubspotForm(formFields: string[]) {
  const received: Array<{ fields: Array<{ name: string; value: string }> }> = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as (typeof received)[number];
      received.push(body);
      const refusal = refusalOfFieldsNotInForm(body, formFields);
      res.writeHead(refusal ? 400 : 200, { 'content-type': 'application/json' }).end(refusal ?? '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const stores: Array<[string, () => (enabled: EnabledChannels) => Promise<EnquiryStore>]> = [
  [
    'the file',
    () => {
      const tmp = tempEnquiriesFile('subscriber-hand-on-');
      return (enabled) => openFileStore(tmp.file, { enabled });
    },
  ],
  [
    'PostgreSQL',
    () => {
      const database = testDatabase();
      return (enabled) => openPostgresStore(database.url, { enabled });
    },
  ],
];

describe.each(stores)('the newsletter hand-on on %s', { timeout: 60_000 }, (_name, setUp) => {
  const open = setUp();
  const silent = pino({ level: 'silent' });
  const disabled = { hubspot: false, email: false };

  async function confirmedSubscriber(store: EnquiryStore, email: string, enabled: EnabledSubscriberChannels) {
    const link = newConfirmationToken();
    await store.signUp({ email, firstname: 'Kim' }, link.hash);
    await store.confirm(link.hash, enabled);
  }

  test("the hand-on's lease is held by one process at a time, apart from the enquiries' lease", async () => {
    const [first, second] = [await open(disabled), await open(disabled)];
    cleanups.push(
      () => first.close(),
      () => second.close(),
    );
    const newsletter = await first.takeSenderLease('newsletter');
    expect(newsletter).toBeDefined();
    expect(await second.takeSenderLease('newsletter')).toBeUndefined();
    const enquiries = await second.takeSenderLease();
    expect(enquiries).toBeDefined();
    await newsletter?.release();
    const again = await second.takeSenderLease('newsletter');
    expect(again).toBeDefined();
    await Promise.all([again?.release(), enquiries?.release()]);
  });

  test('a newsletter webhook that hangs holds up no enquiry email', async () => {
    const hook = await silentReceiver();
    cleanups.push(hook.close);
    const smtp = await smtpStandIn();
    cleanups.push(smtp.close);
    const config = parseConfig({
      NEWSLETTER_WEBHOOK_URL: hook.url,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'studio@example.com',
      SITE_URL: 'https://studio.example',
    });
    const store = await open(deliveryChannels(config));
    cleanups.push(() => store.close());
    await confirmedSubscriber(store, 'kim@example.com', { hubspot: false, webhook: true });

    const delivery = startSubscriberDelivery({ store, config, logger: silent, pollMs: 50 });
    cleanups.push(() => delivery.stop());
    // The hand-on is under way and hangs (each attempt waits 15 s for an answer).
    await vi.waitFor(() => expect(hook.requests).toHaveLength(1), { timeout: 5_000 });

    const outbox = startOutbox({ store, config, logger: silent, policy: quickPolicy });
    cleanups.push(() => outbox.stop());
    await store.add(newEnquiry());
    outbox.wake();
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5_000 });
    expect(hook.requests.every((request) => request.closedAt === undefined)).toBe(true);
  });

  test('the hand-on reads only the due rows, a bounded number per round, and /healthz counts the rest', async () => {
    const hook = await webhookReceiver();
    cleanups.push(hook.close);
    const config = parseConfig({ NEWSLETTER_WEBHOOK_URL: hook.url, SITE_URL: 'https://studio.example' });
    const store = await open(deliveryChannels(config));
    cleanups.push(() => store.close());
    for (let i = 0; i < 12; i += 1)
      await confirmedSubscriber(store, `reader${i}@example.com`, { hubspot: false, webhook: true });
    // Imported subscribers came from the list they would go to: never due, never counted.
    await store.importSubscribers([{ email: 'imported@example.com' }]);
    await store.signUp({ email: 'waiting@example.com' }, newConfirmationToken().hash);

    const due = await store.dueSubscribers('webhook', { now: new Date(), limit: 10 });
    expect(due).toHaveLength(10);
    expect(due.every((s) => s.status === 'confirmed' && s.delivery.webhook === 'pending')).toBe(true);
    expect(await store.dueSubscribers('hubspot', { now: new Date(), limit: 10 })).toEqual([]);
    expect(await store.subscriberDeliveryFigures(['webhook'])).toEqual({
      webhook: { pending: 12, failed: 0, oldestPendingAt: expect.any(Number), refusedLogin: 0 },
    });

    const delivery = startSubscriberDelivery({ store, config, logger: silent, pollMs: 60_000 });
    cleanups.push(() => delivery.stop());
    await vi.waitFor(() => expect(hook.accepted()).toHaveLength(12), { timeout: 10_000 });
    expect(new Set(hook.accepted().map((body) => body.email)).size).toBe(12);
    // The receiver counts a post as it arrives; the hand-on records it once the answer is back.
    await vi.waitFor(async () =>
      expect(await store.dueSubscribers('webhook', { now: new Date(), limit: 10 })).toEqual([]),
    );
    await vi.waitFor(async () =>
      expect((await delivery.report()).deliveries).toEqual({
        'newsletter-webhook': { pending: 0, failed: 0, oldestPendingSeconds: null },
      }),
    );
  });

  test('a HubSpot newsletter form with only the email field still gets the subscriber, without the first name', async () => {
    const hubspot = await hubspotForm(['email']);
    const config = parseConfig({
      HUBSPOT_PORTAL_ID: '12345678',
      HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
      HUBSPOT_NEWSLETTER_FORM_ID: '1a1b2c3d-4e5f-6789-abcd-ef0123456789',
      HUBSPOT_API_URL: hubspot.url,
      SITE_URL: 'https://studio.example',
    });
    const store = await open({ hubspot: false, email: false });
    cleanups.push(() => store.close());
    await confirmedSubscriber(store, 'kim@example.com', { hubspot: true, webhook: false });

    const delivery = startSubscriberDelivery({ store, config, logger: silent, pollMs: 50 });
    cleanups.push(() => delivery.stop());
    await vi.waitFor(async () =>
      expect((await store.findSubscriber('kim@example.com'))?.delivery.hubspot).toBe('sent'),
    );
    expect(hubspot.received.map((body) => body.fields.map((field) => field.name))).toEqual([
      ['email', 'firstname'],
      ['email'],
    ]);
    expect((await store.findSubscriber('kim@example.com'))?.progress.hubspot.missingFields).toEqual(['firstname']);
  });
});
