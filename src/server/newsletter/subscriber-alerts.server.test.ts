/**
 * The newsletter's hand-on channels raise the enquiries' delivery alerts: with a real newsletter webhook that fails
 * and then recovers, and a real alert receiver whose first POST fails, on both stores (two instances on one
 * PostgreSQL), one `delivery_problem` and one `delivery_recovered` reach ALERT_WEBHOOK_URL, never an address.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseConfig } from '../config.server.ts';
import { deliveryChannels } from '../enquiries/delivery-policy.server.ts';
import type { EnquiryStore } from '../enquiries/enquiry-store.server.ts';
import { openFileStore } from '../enquiries/file-store/file-store.server.ts';
import { startOutbox } from '../enquiries/outbox.server.ts';
import { openPostgresStore } from '../enquiries/postgres-store/postgres-store.server.ts';
import {
  fastTime,
  quickPolicy,
  tempEnquiriesFile,
  testDatabase,
  webhookReceiver,
} from '../../../test-support/enquiries.ts';
import { startSubscriberDelivery, subscriberAlertChannels } from './subscriber-delivery.server.ts';
import { newConfirmationToken } from './subscriber.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The newsletter's webhook (where Zapier would listen), answering `reply.status`, which a test may change. */
async function newsletterWebhook(status: number) {
  const reply = { status };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(reply.status, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reply };
}

type Opener = (enabled: { hubspot: boolean; email: boolean }) => Promise<EnquiryStore>;

const stores: Array<[string, () => { open: Opener; instances: number }]> = [
  [
    'the file',
    () => {
      const tmp = tempEnquiriesFile('subscriber-alerts-', join('data', 'enquiries.json'));
      return { open: (enabled) => openFileStore(tmp.file, { enabled }), instances: 1 };
    },
  ],
  [
    'PostgreSQL, two instances',
    () => {
      const database = testDatabase();
      return { open: (enabled) => openPostgresStore(database.url, { enabled }), instances: 2 };
    },
  ],
];

describe.each(stores)('newsletter hand-on alerts on %s', { timeout: 120_000 }, (_name, setUp) => {
  const { open, instances } = setUp();

  test('a hand-on pending past DELIVERY_ALERT_MINUTES is announced once, and its recovery once', async () => {
    fastTime(cleanups);
    const hook = await newsletterWebhook(503);
    const alerts = await webhookReceiver({ failFirst: 1 });
    cleanups.push(() => alerts.close());
    const config = parseConfig({
      SITE_URL: 'https://studio.example',
      NEWSLETTER_WEBHOOK_URL: hook.url,
      ALERT_WEBHOOK_URL: alerts.url,
      DELIVERY_ALERT_MINUTES: '1',
    });
    const logger = pino({ level: 'silent' });
    const started: EnquiryStore[] = [];
    // Each as server.ts runs it: the outbox, watching the newsletter's channels, and the subscribers' hand-on.
    for (let i = 0; i < instances; i += 1) {
      const store = await open(deliveryChannels(config));
      const outbox = startOutbox({
        store,
        config,
        logger,
        policy: quickPolicy,
        watched: subscriberAlertChannels(store, config),
      });
      const delivery = startSubscriberDelivery({ store, config, logger, pollMs: 100 });
      cleanups.push(() => store.close());
      cleanups.push(() => outbox.stop());
      cleanups.push(() => delivery.stop());
      started.push(store);
    }
    const [store] = started as [EnquiryStore];
    const link = newConfirmationToken();
    await store.signUp({ email: 'reader@example.com', firstname: 'Rae' }, link.hash);
    await store.confirm(link.hash, { hubspot: false, webhook: true });

    await vi.waitFor(() => expect(alerts.accepted()).toHaveLength(1), { timeout: 60_000 });
    expect(alerts.accepted()[0]).toEqual({
      text: expect.stringContaining('Newsletter hand-on problem on https://studio.example'),
      event: 'delivery_problem',
      channel: 'newsletter-webhook',
      count: 1,
      code: 'HTTP 503',
      site: 'https://studio.example',
    });

    hook.reply.status = 200;
    await vi.waitFor(
      async () => expect((await store.findSubscriber('reader@example.com'))?.delivery.webhook).toBe('sent'),
      { timeout: 60_000 },
    );
    await vi.waitFor(() => expect(alerts.accepted()).toHaveLength(2), { timeout: 30_000 });
    // Several more checks, longer than every alert retry's delay together: nothing more is announced.
    const settledAt = Date.now();
    await vi.waitFor(() => expect(Date.now() - settledAt).toBeGreaterThan(30_000), { timeout: 30_000 });
    expect(alerts.accepted().map((alert) => [alert.event, alert.channel])).toEqual([
      ['delivery_problem', 'newsletter-webhook'],
      ['delivery_recovered', 'newsletter-webhook'],
    ]);
    expect(JSON.stringify(alerts.posts)).not.toMatch(/reader@example|Rae/);
  });
});
