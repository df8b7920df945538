import { pino } from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseConfig } from '../config.server.ts';
import { openFileStore } from '../enquiries/file-store/file-store.server.ts';
import { tempEnquiriesFile, webhookReceiver } from '../../../test-support/enquiries.ts';
import { startSubscriberDelivery } from './subscriber-delivery.server.ts';
import { newConfirmationToken } from './subscriber.ts';

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
