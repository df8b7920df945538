import { pino } from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { EnquiryStore } from './enquiry-store.server.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { retentionLimits, startRetention } from './retention.server.ts';
import { changeEnquiries, newEnquiry, tempEnquiriesFile } from '../../../test-support/enquiries.ts';

const tmp = tempEnquiriesFile('retention-');
const day = 24 * 60 * 60 * 1000;
afterEach(() => vi.useRealTimers());

/** Adds an enquiry received `days` ago. */
async function receivedAgo(store: EnquiryStore, days: number, spam = false) {
  const added = await store.add(newEnquiry({ firstname: `${days}d${spam ? ' spam' : ''}`, spam }));
  await changeEnquiries(tmp.file, (all) => {
    const found = all.find((e) => e.id === added.id);
    if (found) found.receivedAt = new Date(Date.now() - days * day).toISOString();
  });
}

describe('retention', () => {
  test('limits: the retention period back from now, and 30 days for spam (or the period, if shorter)', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(retentionLimits(730, now)).toEqual({
      before: new Date('2024-11-24T00:00:00Z'),
      spamBefore: new Date('2026-10-25T00:00:00Z'),
    });
    expect(retentionLimits(7, now).spamBefore).toEqual(new Date('2026-11-17T00:00:00Z'));
  });

  test('the server prunes at start and then once a day', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const store = await openFileStore(tmp.file);
    await receivedAgo(store, 800);
    await receivedAgo(store, 40, true);
    await receivedAgo(store, 100);
    const retention = startRetention({ store, days: 730, logger: pino({ level: 'silent' }) });
    await vi.waitFor(async () => expect((await store.all()).map((e) => e.firstname)).toEqual(['100d']));

    // A day later, what has aged past the period since goes too.
    await receivedAgo(store, 731);
    await vi.advanceTimersByTimeAsync(day);
    await vi.waitFor(async () => expect((await store.all()).map((e) => e.firstname)).toEqual(['100d']));
    retention.stop();
  });
});
