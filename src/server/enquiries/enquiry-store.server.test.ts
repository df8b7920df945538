/**
 * The enquiry store's contract, run against both implementations (the file, and PostgreSQL on a real server
 * started for the run), so that neither can drift from what the endpoint, the outbox and the commands rely on.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, expectTypeOf, test, vi } from 'vitest';
import { isStoreUnreachable, type EnquiryStore, type OpenOptions, type SenderLease } from './enquiry-store.server.ts';
import type { AttemptResult, NewEnquiry, StoredEnquiry } from './enquiry.ts';
import type { EnquiryFieldTable } from '../../content/enquiry-form.ts';
import { parseEnquiry } from './enquiry-input.server.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { openPostgresStore } from './postgres-store/postgres-store.server.ts';
import { newEnquiry, tempEnquiriesFile, testDatabase } from '../../../test-support/enquiries.ts';

const both = { hubspot: true, email: true };

/** The stores' modules: those the test imported, or a fresh copy that reads another form's field table. */
interface StoreModules {
  openFileStore: typeof openFileStore;
  openPostgresStore: typeof openPostgresStore;
}
const imported: StoreModules = { openFileStore, openPostgresStore };

const implementations: Array<[string, () => (options?: OpenOptions, modules?: StoreModules) => Promise<EnquiryStore>]> =
  [
    [
      'the file',
      () => {
        const tmp = tempEnquiriesFile('enquiries-', join('data', 'enquiries.json'));
        return (options, modules = imported) => modules.openFileStore(tmp.file, options);
      },
    ],
    [
      'PostgreSQL',
      () => {
        const database = testDatabase();
        return (options = { enabled: { hubspot: false, email: false } }, modules = imported) =>
          modules.openPostgresStore(database.url, options);
      },
    ],
  ];

type EnquiryForm = typeof import('../../content/enquiry-form.ts');
/** The form's field table with one optional field made required. */
const withRequired = (table: EnquiryFieldTable, name: string): EnquiryFieldTable =>
  table.map((field) =>
    field.name === name && field.input !== 'select'
      ? { ...field, required: true, messages: { ...field.messages, missing: `Enter your ${name}` } }
      : field,
  );

/** The stores as a release whose form makes `name` required would open them. */
async function storesWithRequired(name: string): Promise<StoreModules> {
  vi.resetModules();
  vi.doMock('../../content/enquiry-form.ts', async (importOriginal) => {
    const original = await importOriginal<EnquiryForm>();
    return { ...original, enquiryFieldTable: withRequired(original.enquiryFieldTable, name) };
  });
  try {
    return {
      openFileStore: (await import('./file-store/file-store.server.ts')).openFileStore,
      openPostgresStore: (await import('./postgres-store/postgres-store.server.ts')).openPostgresStore,
    };
  } finally {
    vi.doUnmock('../../content/enquiry-form.ts');
  }
}

const enquiry = (overrides: Partial<NewEnquiry> = {}) => newEnquiry({ message: 'A new website', ...overrides });

/** An enquiry as an older site stored it, for import: its delivery already under way. */
function stored(overrides: Partial<StoredEnquiry> = {}): StoredEnquiry {
  return {
    ...enquiry(),
    id: crypto.randomUUID(),
    receivedAt: '2026-01-02T03:04:05.678Z',
    delivery: { hubspot: 'failed', email: 'sent' },
    progress: {
      hubspot: { attempts: 3, lastAttemptAt: '2026-01-02T03:05:00.000Z', lastError: 'HubSpot answered 400: invalid' },
      email: { attempts: 1, lastAttemptAt: '2026-01-02T03:04:06.000Z', sentAt: '2026-01-02T03:04:07.000Z' },
    },
    ...overrides,
  };
}

const sent = (enquiryProgress: StoredEnquiry['progress']['hubspot']): AttemptResult => ({
  state: 'sent',
  progress: {
    attempts: enquiryProgress.attempts + 1,
    lastAttemptAt: new Date().toISOString(),
    sentAt: new Date().toISOString(),
  },
});

describe.each(implementations)('the enquiry store on %s', { timeout: 60_000 }, (_name, setUp) => {
  const open = setUp();
  const stores: EnquiryStore[] = [];
  const opened = async (options?: OpenOptions, modules?: StoreModules) => {
    const store = await open(options, modules);
    stores.push(store);
    return store;
  };
  // Closed after each test: a PostgreSQL store holds a pool.
  afterEachClose(stores);
  /** The sender's lease `store` claims under; released after the test, before the stores close. */
  const leases: SenderLease[] = [];
  const leaseOf = async (store: EnquiryStore) => {
    const lease = await store.takeSenderLease();
    if (!lease) throw new Error('the sender lease is held elsewhere');
    leases.push(lease);
    return lease;
  };
  afterEach(async () => {
    for (const lease of leases.splice(0)) await lease.release();
  });

  test('add resolves with the stored enquiry, which a fresh store on the same place lists newest first', async () => {
    const store = await opened({ enabled: { hubspot: true, email: false } });
    const first = await store.add(enquiry({ phone: '', company: 'Harbour Cafe' }));
    const second = await store.add(enquiry({ firstname: 'Grace', hutk: 'abc123' }));
    expect(first).toMatchObject({
      firstname: 'Ada',
      company: 'Harbour Cafe',
      delivery: { hubspot: 'pending', email: 'off' },
      progress: { hubspot: { attempts: 0 }, email: { attempts: 0 } },
    });
    expect(first).not.toHaveProperty('phone');
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await opened();
    expect(await again.list()).toEqual([second, first]);
    expect(await again.all()).toEqual([first, second]);
    expect(await again.get(second.id)).toEqual(second);
    expect(await again.get('no-such-id')).toBeUndefined();
  });

  test('spam is kept apart: never pending delivery, listed only when asked for', async () => {
    const store = await opened({ enabled: both });
    const spam = await store.add(enquiry({ spam: true }));
    expect(spam.delivery).toEqual({ hubspot: 'off', email: 'off' });
    expect(await store.list()).toEqual([]);
    expect(await store.list({ spam: true })).toEqual([spam]);
    expect(await store.all()).toEqual([spam]);
  });

  test('200 concurrent adds are 200 enquiries', async () => {
    const store = await opened();
    const added = await Promise.all(Array.from({ length: 200 }, (_, i) => store.add(enquiry({ firstname: `n${i}` }))));
    const all = await store.all();
    expect(all).toHaveLength(200);
    expect(new Set(all.map((e) => e.id))).toEqual(new Set(added.map((e) => e.id)));
  });

  test('find takes an id or its start; delete removes an enquiry for good', async () => {
    const store = await opened();
    const kept = await store.add(enquiry());
    const other = await store.add(enquiry({ firstname: 'Grace' }));
    expect(await store.find(kept.id)).toEqual([kept]);
    expect((await store.find(kept.id.slice(0, 8))).map((e) => e.id)).toContain(kept.id);
    expect(await store.find('zzzz')).toEqual([]);

    expect(await store.delete(kept.id)).toEqual(kept);
    expect(await store.delete(kept.id)).toBeUndefined();
    expect(await (await opened()).all()).toEqual([other]);
  });

  test('retry re-queues failed deliveries with a fresh count and makes waiting retries due now', async () => {
    const store = await opened({ enabled: both });
    const failed = stored();
    const waiting = stored({
      receivedAt: '2026-01-03T00:00:00.000Z',
      delivery: { hubspot: 'pending', email: 'off' },
      progress: { hubspot: { attempts: 2, retryAt: '2999-01-01T00:00:00.000Z' }, email: { attempts: 0 } },
    });
    const spam = stored({ spam: true });
    expect(await store.import([failed, waiting, spam])).toBe(3);
    expect(await store.retry()).toEqual({ hubspot: 1, email: 0 });
    const [afterWaiting, afterFailed] = await store.list();
    expect(afterFailed?.delivery).toEqual({ hubspot: 'pending', email: 'sent' });
    expect(afterFailed?.progress.hubspot).toEqual({ attempts: 0, lastError: 'HubSpot answered 400: invalid' });
    expect(afterWaiting?.progress.hubspot).toEqual({ attempts: 2 });
    expect((await store.list({ spam: true }))[0]?.delivery.hubspot).toBe('failed');
  });

  test('import adds enquiries as they were, delivery included, and importing them again adds nothing', async () => {
    const store = await opened();
    const older = [stored({ receivedAt: '2026-01-01T00:00:00.000Z' }), stored({ spam: true }), stored()];
    expect(await store.import(older)).toBe(3);
    expect(await store.import(older)).toBe(0);
    const fresh = await store.add(enquiry());
    expect(await store.import([...older, stored({ id: fresh.id, firstname: 'Impostor' })])).toBe(0);
    expect(await store.all()).toEqual([...older, fresh]);
  });

  test('the queue: what is due on the configured channels, and how many wait for another channel', async () => {
    const store = await opened({ enabled: both });
    expect(await store.queue(['hubspot', 'email'])).toEqual({ dueAt: Infinity, waiting: 0 });
    const added = await store.add(enquiry());
    const queue = await store.queue(['hubspot']);
    expect(queue.dueAt).toBeLessThanOrEqual(Date.now());
    expect(queue.dueAt).toBeGreaterThanOrEqual(Date.parse(added.receivedAt));
    expect(queue.waiting).toBe(1);
    await store.add(enquiry({ spam: true }));
    expect((await store.queue(['hubspot'])).waiting).toBe(1);
  });

  test('delivery figures: pending, failed, the oldest pending, a refused login, the last error code, fields a HubSpot form lacked', async () => {
    const store = await opened({ enabled: both });
    const first = await store.add(enquiry());
    await store.add(enquiry({ firstname: 'Grace' }));
    await store.add(enquiry({ spam: true }));
    const progress = (code: string) => ({
      attempts: 1,
      lastAttemptAt: new Date().toISOString(),
      lastError: 'refused',
      lastErrorCode: code,
    });
    const lease = await leaseOf(store);
    const hubspot = await store.claimNext('hubspot', 60_000, lease);
    await store.recordOutcome(hubspot!, {
      state: 'sent',
      progress: { ...sent(first.progress.hubspot).progress, missingFields: ['company'] },
    });
    const refused = await store.claimNext('email', 60_000, lease);
    await store.recordOutcome(refused!, {
      state: 'pending',
      progress: { ...progress('SMTP 535'), retryAt: new Date(Date.now() + 60_000).toISOString() },
    });
    const failed = await store.claimNext('hubspot', 60_000, lease);
    await store.recordOutcome(failed!, { state: 'failed', progress: progress('HTTP 400') });
    expect(await store.deliveryFigures()).toEqual({
      hubspot: {
        pending: 0,
        failed: 1,
        oldestPendingAt: null,
        refusedLogin: 0,
        lastErrorCode: 'HTTP 400',
        missingFields: ['company'],
      },
      email: {
        pending: 2,
        failed: 0,
        oldestPendingAt: Date.parse(first.receivedAt),
        refusedLogin: 1,
        lastErrorCode: 'SMTP 535',
      },
    });
  });

  test('the alert state of each channel is kept, and a fresh store reads it back', async () => {
    const store = await opened({ enabled: both });
    expect(await store.alertStates()).toEqual({});
    const state = {
      state: 'problem',
      since: '2026-05-01T10:00:00.000Z',
      alert: 'sent',
      attempts: 1,
      count: 2,
      code: 'SMTP 535',
    } as const;
    await store.saveAlertState('email', state);
    await store.saveAlertState('email', { ...state, alert: 'pending', attempts: 0 });
    const fresh = await opened({ enabled: both });
    expect(await fresh.alertStates()).toEqual({ email: { ...state, alert: 'pending', attempts: 0 } });
  });

  test('one sender lease at a time, free again once released', async () => {
    const store = await opened();
    const other = await opened();
    const lease = await store.takeSenderLease();
    expect(lease?.lost()).toBe(false);
    expect(await other.takeSenderLease()).toBeUndefined();
    await lease?.release();
    const next = await other.takeSenderLease();
    expect(next).toBeDefined();
    await next?.release();
  });

  test('claims what is due, oldest first, one claim at a time; the recorded outcome ends the claim', async () => {
    const store = await opened({ enabled: both });
    const later = stored({
      receivedAt: '2026-01-01T00:00:00.000Z',
      delivery: { hubspot: 'pending', email: 'off' },
      progress: { hubspot: { attempts: 1, retryAt: '2999-01-01T00:00:00.000Z' }, email: { attempts: 0 } },
    });
    await store.import([later]);
    const first = await store.add(enquiry({ firstname: 'First' }));
    const second = await store.add(enquiry({ firstname: 'Second' }));

    const lease = await leaseOf(store);
    const claim = await store.claimNext('hubspot', 60_000, lease);
    expect(claim).toMatchObject({ channel: 'hubspot', enquiry: { id: first.id, firstname: 'First' } });
    // Claimed: still pending to everyone, and no longer due.
    expect((await store.get(first.id))?.delivery.hubspot).toBe('pending');
    // Another sender, once the lease is its own, claims the next one.
    await lease.release();
    const other = await opened({ enabled: both });
    const otherLease = await leaseOf(other);
    expect((await other.claimNext('hubspot', 60_000, otherLease))?.enquiry.id).toBe(second.id);
    expect(await other.claimNext('hubspot', 60_000, otherLease)).toBeUndefined();
    expect((await other.queue(['hubspot'])).dueAt).toBeGreaterThan(Date.now() + 30_000);
    await otherLease.release();

    await store.recordOutcome(claim!, sent(first.progress.hubspot));
    expect((await store.get(first.id))?.delivery).toEqual({ hubspot: 'sent', email: 'pending' });
    expect((await store.get(first.id))?.progress.hubspot).toMatchObject({ attempts: 1, sentAt: expect.any(String) });
    expect((await store.get(later.id))?.delivery.hubspot).toBe('pending');
    // The email channel is claimed on its own.
    expect((await store.claimNext('email', 60_000, await leaseOf(store)))?.enquiry.id).toBe(first.id);

    // The attempt in flight (the second's, claimed and not yet recorded) counts too, from its claim.
    expect(await store.recentAttempts('hubspot', 60_000)).toEqual([
      { lastAttemptAt: expect.any(Number), attempts: 1 },
      { lastAttemptAt: expect.any(Number), attempts: 0 },
    ]);
    expect(await store.recentAttempts('email', 60_000)).toEqual([{ lastAttemptAt: expect.any(Number), attempts: 0 }]);
  });

  test('a claim whose deadline passed can be claimed again, and its late outcome is not recorded', async () => {
    const store = await opened({ enabled: both });
    const added = await store.add(enquiry());
    const lease = await leaseOf(store);
    const lapsed = await store.claimNext('hubspot', 1, lease);
    expect(lapsed?.afterUnrecorded).toBe(false);
    let again = await store.claimNext('hubspot', 60_000, lease);
    await expect.poll(async () => (again ??= await store.claimNext('hubspot', 60_000, lease))).toBeDefined();
    // The lapsed claim ended without an outcome: its attempt may have reached the provider.
    expect(again?.afterUnrecorded).toBe(true);
    await store.recordOutcome(lapsed!, sent(added.progress.hubspot));
    expect((await store.get(added.id))?.delivery.hubspot).toBe('pending');
    await store.recordOutcome(again!, sent(added.progress.hubspot));
    expect((await store.get(added.id))?.delivery.hubspot).toBe('sent');
  });

  test('an attempt counts from its claim by the store’s clock: a sender whose clock runs 50 s ahead makes nobody wait', async () => {
    const store = await opened({ enabled: both });
    const added = await store.add(enquiry());
    const before = Date.now();
    const claim = await store.claimNext('hubspot', 60_000, await leaseOf(store));
    // The sender's clock says its attempt started 50 s from now.
    const ahead = new Date(Date.now() + 50_000).toISOString();
    await store.recordOutcome(claim!, {
      state: 'pending',
      progress: { attempts: 1, lastAttemptAt: ahead, retryAt: ahead },
    });
    const after = Date.now();
    const attemptedAt = Date.parse((await store.get(added.id))?.progress.hubspot.lastAttemptAt ?? '');
    expect(attemptedAt).toBeGreaterThanOrEqual(before - 5);
    expect(attemptedAt).toBeLessThanOrEqual(after + 5);
    const [recent] = await store.recentAttempts('hubspot', 10_000);
    expect(recent?.attempts).toBe(1);
    // Out of any window that started after the claim, at once: counted from the sender's clock, it would stay in
    // every window for 50 s, and each instance's pace with it.
    await expect.poll(() => store.recentAttempts('hubspot', 100), { timeout: 5_000 }).toEqual([]);
  });

  test('a claim given back without an outcome is due again at once, unchanged', async () => {
    const store = await opened({ enabled: both });
    const added = await store.add(enquiry());
    const lease = await leaseOf(store);
    const claim = await store.claimNext('hubspot', 60_000, lease);
    await store.recordOutcome(claim!);
    expect(await store.get(added.id)).toEqual(added);
    expect(await store.claimNext('hubspot', 60_000, lease)).toMatchObject({
      enquiry: { id: added.id },
      afterUnrecorded: false,
    });
  });

  test('an outcome the store refuses changes nothing: the claim stays, and by it the delivery is marked failed', async () => {
    const store = await opened({ enabled: both });
    const added = await store.add(enquiry());
    const lease = await leaseOf(store);
    const claim = await store.claimNext('hubspot', 60_000, lease);
    // A count of attempts that is no whole number: neither store can keep it.
    const refusal = await store
      .recordOutcome(claim!, { state: 'sent', progress: { attempts: 1.5, sentAt: new Date().toISOString() } })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect(isStoreUnreachable(refusal)).toBe(false);
    expect(await store.get(added.id)).toMatchObject({
      delivery: { hubspot: 'pending' },
      progress: { hubspot: { attempts: 0 } },
    });

    await store.recordOutcome(claim!, {
      state: 'failed',
      progress: { attempts: 1, lastError: 'the store refused to record it', lastErrorCode: 'STORE 22P02' },
    });
    expect(await store.get(added.id)).toMatchObject({
      delivery: { hubspot: 'failed' },
      progress: { hubspot: { attempts: 1, lastErrorCode: 'STORE 22P02', lastAttemptAt: expect.any(String) } },
    });
    expect(await store.claimNext('hubspot', 60_000, lease)).toBeUndefined();
    expect((await store.queue(['hubspot'])).dueAt).toBe(Infinity);
    expect((await store.deliveryFigures()).hubspot).toMatchObject({ failed: 1, lastErrorCode: 'STORE 22P02' });
  });

  test('a delivery retried at once is one recent delivery with two attempts', async () => {
    const store = await opened({ enabled: both });
    await store.add(enquiry());
    const lease = await leaseOf(store);
    for (let i = 0; i < 2; i += 1) {
      const claim = await store.claimNext('hubspot', 60_000, lease);
      await store.recordOutcome(claim!, {
        state: 'pending',
        progress: {
          attempts: claim!.enquiry.progress.hubspot.attempts + 1,
          lastAttemptAt: new Date().toISOString(),
          retryAt: new Date(Date.now() - 1).toISOString(),
        },
      });
    }
    expect(await store.recentAttempts('hubspot', 60_000)).toEqual([{ lastAttemptAt: expect.any(Number), attempts: 2 }]);
  });

  test('an enquiry deleted while its delivery is on the way stays deleted', async () => {
    const store = await opened({ enabled: both });
    const doomed = await store.add(enquiry());
    const claim = await store.claimNext('email', 60_000, await leaseOf(store));
    // A privacy request arrives during the send.
    expect(await (await opened()).delete(doomed.id)).toBeDefined();
    await store.recordOutcome(claim!, sent(doomed.progress.email));
    expect(await store.get(doomed.id)).toBeUndefined();
  });

  test('keeps where the visitor came from with the enquiry, and without it when there is none', async () => {
    const store = await opened();
    const attribution = {
      first: { landingPath: '/', utm_source: 'newsletter', utm_medium: 'email', clickIds: ['gclid' as const] },
      last: { landingPath: '/services', referrer: 'www.google.com' },
      cta: 'hero-book-free-consult',
    };
    const withIt = await store.add(enquiry({ attribution }));
    const without = await store.add(enquiry());
    const again = await opened();
    expect((await again.get(withIt.id))?.attribution).toEqual(attribution);
    expect(await again.get(without.id)).not.toHaveProperty('attribution');
    expect(await again.import([stored({ attribution })])).toBe(1);
  });

  test('prune deletes enquiries received before the limit, spam by its own limit, and counts them', async () => {
    const store = await opened();
    const at = (receivedAt: string, spam = false) => stored({ id: crypto.randomUUID(), receivedAt, spam });
    await store.import([
      at('2024-01-01T00:00:00.000Z'),
      at('2026-06-01T00:00:00.000Z'),
      at('2026-05-01T00:00:00.000Z', true),
      at('2026-06-20T00:00:00.000Z', true),
    ]);
    const limits = { before: new Date('2025-01-01T00:00:00Z'), spamBefore: new Date('2026-06-10T00:00:00Z') };
    expect(await store.prune(limits)).toBe(2);
    expect(await store.prune(limits)).toBe(0);
    expect((await store.all()).map((e) => [e.receivedAt.slice(0, 10), e.spam])).toEqual([
      ['2026-06-01', false],
      ['2026-06-20', true],
    ]);
  });

  test('a field the form makes required later stays optional for the enquiries already stored: the store opens on them', async () => {
    const before = await opened();
    const { id } = await before.add(enquiry({ phone: undefined }));
    await before.add(enquiry({ phone: '02 4900 0000' }));
    await before.close();

    const after = await opened(undefined, await storesWithRequired('phone'));
    const kept = await after.get(id);
    expect(kept).toMatchObject({ id, firstname: 'Ada', email: 'ada@example.com' });
    expect(kept).not.toHaveProperty('phone');
    expect((await after.list()).map((e) => e.phone)).toEqual(['02 4900 0000', undefined]);
    // However the form marks a field, a stored enquiry's type says it may be missing; the core ones are always there.
    expectTypeOf<StoredEnquiry['phone']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<StoredEnquiry['firstname']>().toEqualTypeOf<string>();
  });

  test('text that is not well-formed Unicode is repaired, whether posted or imported, never a failure', async () => {
    const store = await opened();
    const posted = parseEnquiry(
      {
        firstname: 'Ada\uD83D',
        email: 'ada@example.com',
        message: 'Hi \uDE00 there',
        attribution: { first: { landingPath: '/', utm_source: `${'a'.repeat(199)}\u{1F600}` } },
      },
      () => false,
    );
    if (!posted.ok) throw new Error('the post was refused');
    const added = await store.add({ ...posted.data, pageUri: 'https://studio.example/', spam: false });
    // An older file's enquiry, kept before the rule, with a lone surrogate in a field and in where it came from.
    const older = stored({ firstname: 'Grace\uDBFF', attribution: { cta: 'hero\uD800' } });
    expect(await store.import([older])).toBe(1);
    const again = await opened();
    expect(await again.get(added.id)).toMatchObject({
      firstname: 'Ada\uFFFD',
      message: 'Hi \uFFFD there',
      attribution: { first: { utm_source: 'a'.repeat(199) } },
    });
    expect(await again.get(older.id)).toMatchObject({ firstname: 'Grace\uFFFD', attribution: { cta: 'hero\uFFFD' } });
  });

  test('an id that is no enquiry id finds nothing, without an error from the store', async () => {
    const store = await opened();
    await store.add(enquiry());
    for (const id of ['a------', 'a'.padEnd(36, '-'), '-'.repeat(36), "x' OR 1=1"]) {
      expect(await store.get(id), id).toBeUndefined();
      expect(await store.find(id), id).toEqual([]);
      expect(await store.delete(id), id).toBeUndefined();
    }
  });

  test('is healthy while it can store enquiries', async () => {
    const store = await opened();
    expect(store.health()).toEqual({ ok: true });
  });
});

function afterEachClose(stores: EnquiryStore[]) {
  // Registered inside the describe block, so it runs before the test database is dropped.
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });
}
