/** `import` of a hostile ENQUIRIES_FILE into PostgreSQL: refused whole, naming the enquiry, nothing written. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importEnquiries, listEnquiries } from './commands.server.ts';
import type { StoredEnquiry } from './enquiry.ts';
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

async function importFile(enquiries: unknown[]) {
  const source = join(tmp.dir, 'old-enquiries.json');
  await writeFile(source, JSON.stringify({ version: 1, enquiries }));
  return importEnquiries({ file: tmp.file, databaseUrl: database.url }, source);
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
    expect(await importFile([broken])).toEqual({ read: 1, added: 1 });
    expect(await listEnquiries({ file: tmp.file, databaseUrl: database.url })).toMatchObject([
      { id: broken.id, firstname: 'Ada\uFFFD', message: 'cut \uFFFD here' },
    ]);
  });

  test('a well-formed file is imported, times with an offset and a retry due soon included', async () => {
    const soon = new Date(Date.now() + 10 * 60 * 1000).toISOString();
    const waiting = good({ progress: { ...good().progress, email: { attempts: 3, retryAt: soon } } });
    expect(await importFile([good(), waiting])).toEqual({ read: 2, added: 2 });
  });
});
