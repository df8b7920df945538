/** `import` of a hostile ENQUIRIES_FILE into PostgreSQL: refused whole, naming the enquiry, nothing written. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importEnquiries, listEnquiries } from './commands.server.ts';
import type { StoredEnquiry } from './enquiry.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { openPostgresStore } from './postgres-store/postgres-store.server.ts';
import { newConfirmationToken } from '../newsletter/subscriber.ts';
import { newEnquiry, tempEnquiriesFile, testDatabase } from '../../../test-support/enquiries.ts';

const tmp = tempEnquiriesFile('import-');
const database = testDatabase();

const good = (overrides: Partial<StoredEnquiry> = {}): StoredEnquiry => ({
  ...newEnquiry(),
  id: crypto.randomUUID(),
  receivedAt: '2026-01-02T03:04:05.678Z',
  delivery: { hubspot: 'sent', email: 'pending' },
  progress: {
    hubspot: { attempts: 1, lastAttemptAt: '2026-01-02T03:04:06.000+10:00', sentAt: '2026-01-02T03:04:07.000Z' },
    email: { attempts: 2, lastAttemptAt: '2026-01-02T03:05:00.000Z', retryAt: '2026-01-02T03:06:00.000Z' },
  },
  ...overrides,
});

async function importFile(enquiries: unknown[], subscribers?: unknown[]) {
  const source = join(tmp.dir, 'old-enquiries.json');
  await writeFile(source, JSON.stringify({ version: 1, enquiries, ...(subscribers ? { subscribers } : {}) }));
  return importEnquiries({ file: tmp.file, databaseUrl: database.url }, source, {
    siteUrl: 'https://studio.example',
    isPublishedPost: (slug) => slug === 'local-seo-basics',
  });
}

describe('import', { timeout: 60_000 }, () => {
  const hostile = (): Array<[string, StoredEnquiry, RegExp]> => {
    const future = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const progress = good().progress;
    return [
      ['a receivedAt of infinity', good({ receivedAt: 'infinity' }), /receivedAt is not an ISO time/],
      ['a time without its offset', good({ receivedAt: '2026-01-02T03:04:05' }), /receivedAt is not an ISO time/],
      ['a day that does not exist', good({ receivedAt: '2026-02-30T00:00:00Z' }), /receivedAt is not an ISO time/],
      ['a receivedAt in the future', good({ receivedAt: future }), /receivedAt lies in the future/],
      [
        'a lastAttemptAt of infinity',
        good({ progress: { ...progress, hubspot: { attempts: 1, lastAttemptAt: 'infinity' } } }),
        /hubspot lastAttemptAt is not an ISO time/,
      ],
      [
        'attempt times in 2099',
        good({ progress: { ...progress, email: { attempts: 1, lastAttemptAt: '2099-01-01T00:00:00Z' } } }),
        /email lastAttemptAt lies in the future/,
      ],
      [
        'a huge attempt count',
        good({ progress: { ...progress, hubspot: { attempts: 2 ** 40 } } }),
        /hubspot has 1099511627776 attempts, more than the 30/,
      ],
      [
        'an id that is not a UUID',
        good({ id: 'not-a-uuid' }),
        /enquiry not-a-uuid \(number 2 in the file\): its id is not a UUID/,
      ],
    ];
  };

  test.each(hostile().map(([name, enquiry, message]) => [name, enquiry, message] as const))(
    '%s: refused whole, naming the enquiry, and nothing is written',
    async (_name, enquiry, message) => {
      const error = (await importFile([good(), enquiry]).then(
        () => undefined,
        (e: unknown) => e,
      )) as Error | undefined;
      expect(error).toBeInstanceOf(Error);
      expect(error?.message).toMatch(message);
      expect(error?.message).toContain(`enquiry ${enquiry.id}`);
      expect(error?.message).toMatch(/; nothing was imported$/);
      expect(await listEnquiries({ file: tmp.file, databaseUrl: database.url })).toEqual([]);
    },
  );

  test('the same id twice: refused, naming it', async () => {
    const twice = good();
    const error = await importFile([twice, good(), { ...twice, firstname: 'Impostor' }]).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      new RegExp(`enquiry ${twice.id} \\(number 3 in the file\\): its id appears twice; nothing was imported$`),
    );
    expect(await listEnquiries({ file: tmp.file, databaseUrl: database.url })).toEqual([]);
  });

  test('a file store holding a lone surrogate is imported, the text repaired', async () => {
    const broken = good({ firstname: 'Ada\uD83D', message: 'cut \uDE00 here' });
    expect(await importFile([broken])).toMatchObject({ read: 1, added: 1 });
    expect(await listEnquiries({ file: tmp.file, databaseUrl: database.url })).toMatchObject([
      { id: broken.id, firstname: 'Ada\uFFFD', message: 'cut \uFFFD here' },
    ]);
  });

  test('each enquiry is cleaned as the form cleans a post: landing pages and calls to action the site has, one-line fields on one line, no controls, the page under SITE_URL', async () => {
    const forged = good({
      firstname: 'Ada\nEmail: ceo@bank.example',
      lastname: 'Love\u202Elace\u0000',
      company: '\u001b[31mRed\tCo',
      message: 'First line\r\nsecond \u0000line\u202E',
      pageUri: 'https://evil.example/start-project?plan=growth',
      pageName: 'Start\nPage',
      attribution: {
        first: { landingPath: '/blog/URGENT: your invoice is overdue, call 0400 000 000', utm_source: 'news\nletter' },
        last: { landingPath: '/blog/local-seo-basics?x=1', referrer: 'google.com' },
        cta: '=HYPERLINK("http://evil.example")',
      },
      progress: { ...good().progress, hubspot: { attempts: 1, lastError: 'HubSpot said \u0000 no' } },
    });
    expect(await importFile([forged])).toMatchObject({ read: 1, added: 1 });
    const [stored] = await listEnquiries({ file: tmp.file, databaseUrl: database.url });
    expect(stored).toMatchObject({
      firstname: 'Ada Email: ceo@bank.example',
      lastname: 'Lovelace',
      company: '[31mRed Co',
      message: 'First line\nsecond line',
      pageUri: 'https://studio.example/start-project?plan=growth',
      pageName: 'Start Page',
      attribution: {
        first: { landingPath: '/blog/*', utm_source: 'news letter' },
        last: { landingPath: '/blog/local-seo-basics', referrer: 'google.com' },
      },
      progress: { hubspot: { lastError: 'HubSpot said  no' } },
    });
    expect(stored?.attribution).not.toHaveProperty('cta');
  });

  test('an enquiry whose name or email is nothing once cleaned is refused, naming it', async () => {
    const empty = good({ firstname: '\u0000\u202E ' });
    const error = (await importFile([good(), empty]).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `${join(tmp.dir, 'old-enquiries.json')}: enquiry ${empty.id} (number 2 in the file): its firstname is empty once cleaned; nothing was imported`,
    );
    expect(await listEnquiries({ file: tmp.file, databaseUrl: database.url })).toEqual([]);
  });

  test('a well-formed file is imported, times with an offset and a retry due soon included', async () => {
    const soon = new Date(Date.now() + 10 * 60 * 1000).toISOString();
    const waiting = good({ progress: { ...good().progress, email: { attempts: 3, retryAt: soon } } });
    expect(await importFile([good(), waiting])).toMatchObject({ read: 2, added: 2 });
  });

  test("the file's newsletter subscribers move too, with their ids (an unsubscribe link signs the id)", async () => {
    const file = await openFileStore(join(tmp.dir, 'one-machine.json'));
    const link = newConfirmationToken();
    await file.signUp({ email: 'Kim@Example.com', firstname: 'Kim' }, link.hash);
    await file.confirm(link.hash, { hubspot: false, webhook: true });
    await file.signUp({ email: 'waiting@example.com' }, newConfirmationToken().hash);
    const before = await file.subscribers();

    expect(await importFile([good()], before)).toEqual({ read: 1, added: 1, subscribers: { read: 2, added: 2 } });
    const store = await openPostgresStore(database.url, { enabled: { hubspot: false, email: false } });
    try {
      expect(await store.subscribers()).toEqual(before);
      const kim = before.find((s) => s.email === 'kim@example.com')!;
      expect(await store.getSubscriber(kim.id)).toEqual(kim);
      // Importing the same file again adds nothing.
      expect(await importFile([good()], before)).toMatchObject({ subscribers: { read: 2, added: 0 } });
      expect(await store.subscribers()).toHaveLength(2);
    } finally {
      await store.close();
    }
  });

  test('a subscriber whose id is no UUID is refused, naming it, and nothing is imported', async () => {
    const file = await openFileStore(join(tmp.dir, 'one-machine.json'));
    await file.signUp({ email: 'kim@example.com' }, newConfirmationToken().hash);
    const [kim] = await file.subscribers();
    const error = (await importFile([good()], [{ ...kim, id: 'kim' }]).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `${join(tmp.dir, 'old-enquiries.json')}: subscriber kim (number 1 in the file): its id is not a UUID; nothing was imported`,
    );
    expect(await listEnquiries({ file: tmp.file, databaseUrl: database.url })).toEqual([]);
  });
});
