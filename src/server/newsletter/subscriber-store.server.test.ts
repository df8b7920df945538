/**
 * The subscribers' contract, run against both stores (the file, and PostgreSQL on a real server started for the
 * run), so that neither can drift from what the sign-up, the confirmation and the commands rely on.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { EnquiryStore } from '../enquiries/enquiry-store.server.ts';
import { openFileStore } from '../enquiries/file-store/file-store.server.ts';
import { openPostgresStore } from '../enquiries/postgres-store/postgres-store.server.ts';
import { newEnquiry, tempEnquiriesFile, testDatabase } from '../../../test-support/enquiries.ts';
import { newConfirmationToken, type StoredSubscriber } from './subscriber.ts';

const both = { hubspot: true, webhook: true };
const hour = 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.parse('2026-12-01T00:00:00.000Z') + ms);

const implementations: Array<[string, () => () => Promise<EnquiryStore>]> = [
  [
    'the file',
    () => {
      const tmp = tempEnquiriesFile('subscribers-');
      return () => openFileStore(tmp.file);
    },
  ],
  [
    'PostgreSQL',
    () => {
      const database = testDatabase();
      return () => openPostgresStore(database.url, { enabled: { hubspot: false, email: false } });
    },
  ],
];

describe.each(implementations)('the subscribers in the store on %s', { timeout: 60_000 }, (_name, setUp) => {
  const open = setUp();
  const stores: EnquiryStore[] = [];
  const opened = async () => {
    const store = await open();
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });

  test('a sign-up is pending, keeps only a hash of its link, and a fresh store on the same place reads it', async () => {
    const store = await opened();
    const link = newConfirmationToken();
    const result = await store.signUp({ email: ' Jane@Example.com ', firstname: 'Jane' }, link.hash, at(0));
    expect(result.send).toBe(true);
    expect(result.subscriber).toMatchObject({ email: 'jane@example.com', firstname: 'Jane', status: 'pending' });
    const again = await opened();
    const [stored] = await again.subscribers();
    expect(stored).toEqual(result.subscriber);
    expect(JSON.stringify(stored)).not.toContain(link.token);
    expect(stored?.lastEmailAt).toBe(at(0).toISOString());
  });

  test('an unsent confirmation email frees the address at once, but only for the link it carried', async () => {
    const store = await opened();
    const link = newConfirmationToken();
    const { subscriber } = await store.signUp({ email: 'lost@example.com' }, link.hash, at(0));
    expect(await store.unsentConfirmation(subscriber.id, newConfirmationToken().hash)).toBe(false);
    expect(await store.unsentConfirmation(subscriber.id, link.hash)).toBe(true);
    const [unsent] = await store.subscribers();
    expect(unsent?.lastEmailAt).toBeUndefined();
    expect(await store.confirm(link.hash, both, at(1000))).toBeUndefined();
    const next = newConfirmationToken();
    const again = await store.signUp({ email: 'lost@example.com' }, next.hash, at(2000));
    expect(again.send).toBe(true);
    expect(again.subscriber.id).toBe(subscriber.id);
    // A confirmed subscriber is never changed by a late failure report.
    await store.confirm(next.hash, both, at(3000));
    expect(await store.unsentConfirmation(subscriber.id, next.hash)).toBe(false);
    expect((await store.getSubscriber(subscriber.id))?.status).toBe('confirmed');
  });

  test('one confirmation email per address per 24 hours, however often and however typed', async () => {
    const store = await opened();
    const first = await store.signUp({ email: 'sam@example.com' }, newConfirmationToken().hash, at(0));
    const soon = await store.signUp({ email: 'SAM@example.com' }, newConfirmationToken().hash, at(23 * hour));
    const later = await store.signUp({ email: 'sam@example.com' }, newConfirmationToken().hash, at(24 * hour));
    expect([first.send, soon.send, later.send]).toEqual([true, false, true]);
    expect(await store.subscribers()).toHaveLength(1);
    expect(later.subscriber.id).toBe(first.subscriber.id);
  });

  test('the hand-on sees only due rows: a retry waiting is not due until its time; failures and their code are counted', async () => {
    const store = await opened();
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      const link = newConfirmationToken();
      await store.signUp({ email }, link.hash, at(0));
      await store.confirm(link.hash, { hubspot: false, webhook: true }, at(hour));
    }
    const [one, two] = await store.dueSubscribers('webhook', { now: at(2 * hour), limit: 2 });
    const third = (await store.subscribers()).find((s) => s.id !== one?.id && s.id !== two?.id);
    const attempt = { attempts: 1, lastAttemptAt: at(2 * hour).toISOString() };
    await store.recordSubscriberDelivery(one!.id, 'webhook', {
      state: 'pending',
      progress: { ...attempt, retryAt: at(3 * hour).toISOString(), lastErrorCode: 'HTTP 503' },
    });
    await store.recordSubscriberDelivery(two!.id, 'webhook', {
      state: 'failed',
      progress: { attempts: 1, lastAttemptAt: at(hour + 1).toISOString(), lastErrorCode: 'HTTP 410' },
    });
    const due = async (ms: number) =>
      (await store.dueSubscribers('webhook', { now: at(ms), limit: 10 })).map((s) => s.email).sort();
    expect(await due(2 * hour)).toEqual([third?.email]);
    expect(await due(3 * hour)).toEqual([one?.email, third?.email].sort());
    expect(await store.subscriberDeliveryFigures(['webhook', 'hubspot'])).toEqual({
      webhook: {
        pending: 2,
        failed: 1,
        oldestPendingAt: at(hour).getTime(),
        refusedLogin: 0,
        lastErrorCode: 'HTTP 503',
      },
      hubspot: { pending: 0, failed: 0, oldestPendingAt: null, refusedLogin: 0 },
    });
  });

  test('copied subscribers keep their ids; an address or id held already is left as it is', async () => {
    const store = await opened();
    const link = newConfirmationToken();
    await store.signUp({ email: 'kept@example.com', firstname: 'Kept' }, link.hash, at(0));
    await store.confirm(link.hash, both, at(hour));
    const kept = (await store.findSubscriber('kept@example.com'))!;
    await store.deleteSubscriber(kept.id);
    await store.signUp({ email: 'there@example.com' }, newConfirmationToken().hash, at(0));
    const there = (await store.findSubscriber('there@example.com'))!;
    const copies = [kept, { ...kept, email: 'other@example.com' }, { ...there, id: crypto.randomUUID() }];
    expect(await store.copySubscribers(copies)).toBe(1);
    expect(await store.getSubscriber(kept.id)).toEqual(kept);
    expect(await store.findSubscriber('there@example.com')).toEqual(there);
    expect(await store.subscribers()).toHaveLength(2);
  });

  test('sign-ups for one address at once send one email', async () => {
    const store = await opened();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => store.signUp({ email: 'once@example.com' }, newConfirmationToken().hash, at(0))),
    );
    expect(results.filter((r) => r.send)).toHaveLength(1);
    expect(await store.subscribers()).toHaveLength(1);
  });

  test('a link confirms once, within 48 hours; its delivery is then pending on the enabled channels', async () => {
    const store = await opened();
    const link = newConfirmationToken();
    await store.signUp({ email: 'a@example.com' }, link.hash, at(0));
    const done = await store.confirm(link.hash, { hubspot: true, webhook: false }, at(47 * hour));
    expect(done).toMatchObject({ status: 'confirmed', confirmedAt: at(47 * hour).toISOString() });
    expect(done?.delivery).toEqual({ hubspot: 'pending', webhook: 'off' });
    expect(done?.tokenHash).toBeUndefined();
    expect(await store.confirm(link.hash, both, at(47 * hour))).toBeUndefined();

    const late = newConfirmationToken();
    await store.signUp({ email: 'b@example.com' }, late.hash, at(0));
    expect(await store.confirm(late.hash, both, at(48 * hour))).toBeUndefined();
    expect((await store.findSubscriber('b@example.com'))?.status).toBe('pending');
  });

  test('a confirmed address signed up again is left as it is and gets no email', async () => {
    const store = await opened();
    const link = newConfirmationToken();
    await store.signUp({ email: 'c@example.com', firstname: 'Cy' }, link.hash, at(0));
    await store.confirm(link.hash, both, at(hour));
    const again = await store.signUp({ email: 'c@example.com' }, newConfirmationToken().hash, at(30 * 24 * hour));
    expect(again.send).toBe(false);
    expect(await store.findSubscriber('c@example.com')).toMatchObject({ status: 'confirmed', firstname: 'Cy' });
  });

  test('a revoked link confirms nothing', async () => {
    const store = await opened();
    const link = newConfirmationToken();
    await store.signUp({ email: 'd@example.com' }, link.hash, at(0));
    expect(await store.revoke('D@example.com')).toBe(true);
    expect(await store.confirm(link.hash, both, at(hour))).toBeUndefined();
    expect(await store.revoke('d@example.com')).toBe(false);
  });

  test('prune deletes unconfirmed sign-ups past their link, never a confirmed subscriber or an enquiry', async () => {
    const store = await opened();
    await store.add(newEnquiry());
    const kept = newConfirmationToken();
    await store.signUp({ email: 'old@example.com' }, newConfirmationToken().hash, at(0));
    await store.signUp({ email: 'kept@example.com' }, kept.hash, at(0));
    await store.confirm(kept.hash, both, at(hour));
    await store.signUp({ email: 'new@example.com' }, newConfirmationToken().hash, at(40 * hour));
    expect(await store.pruneSubscribers({ unconfirmedBefore: at(2 * hour) })).toBe(1);
    expect((await store.subscribers()).map((s) => s.email).sort()).toEqual(['kept@example.com', 'new@example.com']);
    expect(await store.list()).toHaveLength(1);
    await expect(store.pruneSubscribers({ unconfirmedBefore: new Date(Number.NaN) })).rejects.toThrow(/invalid date/);
  });

  test('delete removes an address for good, by address or id', async () => {
    const store = await opened();
    const { subscriber } = await store.signUp({ email: 'e@example.com' }, newConfirmationToken().hash, at(0));
    await store.signUp({ email: 'f@example.com' }, newConfirmationToken().hash, at(0));
    expect((await store.deleteSubscriber('E@example.com'))?.id).toBe(subscriber.id);
    expect(await store.deleteSubscriber('e@example.com')).toBeUndefined();
    const other = await store.findSubscriber('f@example.com');
    expect((await store.deleteSubscriber(other?.id ?? ''))?.email).toBe('f@example.com');
    expect(await store.subscribers()).toEqual([]);
  });

  test('import adds confirmed subscribers once: importing the same list again adds none', async () => {
    const store = await opened();
    await store.signUp({ email: 'pending@example.com' }, newConfirmationToken().hash, at(0));
    const list = [
      { email: 'pending@example.com', firstname: 'Pat' },
      { email: 'new@example.com', confirmedAt: '2026-01-01T00:00:00.000Z' },
    ];
    expect(await store.importSubscribers(list, at(hour))).toBe(2);
    expect(await store.importSubscribers(list, at(2 * hour))).toBe(0);
    const confirmedOnes = await store.subscribers({ status: 'confirmed' });
    expect(confirmedOnes.map((s) => s.email).sort()).toEqual(['new@example.com', 'pending@example.com']);
    expect(confirmedOnes.every((s: StoredSubscriber) => s.delivery.hubspot === 'off')).toBe(true);
  });

  test('a delivery outcome is recorded on its channel', async () => {
    const store = await opened();
    const link = newConfirmationToken();
    await store.signUp({ email: 'g@example.com' }, link.hash, at(0));
    const done = await store.confirm(link.hash, both, at(hour));
    await store.recordSubscriberDelivery(done?.id ?? '', 'webhook', {
      state: 'sent',
      progress: { attempts: 1, sentAt: at(hour).toISOString() },
    });
    const stored = await store.getSubscriber(done?.id ?? '');
    expect(stored?.delivery).toEqual({ hubspot: 'pending', webhook: 'sent' });
    expect(stored?.progress.webhook).toEqual({ attempts: 1, sentAt: at(hour).toISOString() });
  });
});
