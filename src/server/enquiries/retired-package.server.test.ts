/**
 * The studio renames or drops a package while enquiries about it are stored: on either store the site still starts
 * and every operator's output shows the old package id as it is.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runEnquiriesCommand } from '../../../scripts/lib/enquiries-cli.ts';
import { runCommand } from '../../../scripts/lib/run-script.ts';
import { parseConfig } from '../config.server.ts';
import { notificationEmail } from './email.server.ts';
import type { EnquiryStore } from './enquiry-store.server.ts';
import type { NewEnquiry, StoredEnquiry } from './enquiry.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { hubspotSubmission } from './hubspot.server.ts';
import { openPostgresStore } from './postgres-store/postgres-store.server.ts';
import { newEnquiry, tempEnquiriesFile, testDatabase } from '../../../test-support/enquiries.ts';
import { startProductionServer } from '../../../test-support/production-server.ts';

const retired = 'spring-special';
const off = { hubspot: false, email: false };
const tmp = tempEnquiriesFile('retired-package-');
const database = testDatabase();

/** An enquiry about a package the offer had when it was sent, and has no longer. */
const aboutRetired = () => newEnquiry({ plan: retired } as unknown as Partial<NewEnquiry>);

async function storeBoth(store: EnquiryStore): Promise<StoredEnquiry> {
  const old = await store.add(aboutRetired());
  await store.add(newEnquiry({ firstname: 'Grace', email: 'grace@example.com' }));
  await store.close();
  return old;
}

async function expectReadable(env: Record<string, string>, old: StoredEnquiry) {
  const server = await startProductionServer(env);
  try {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await server.stop();
  }
  const list = await runCommand(runEnquiriesCommand, ['list'], env);
  expect(list).toMatchObject({ code: 0, stderr: '' });
  expect(list.stdout).toMatch(new RegExp(`^${old.id} .* Ada Lovelace +ada@example\\.com +${retired} `, 'm'));
  expect(list.stdout).toMatch(/Grace .* Growth Partner /);
  const show = await runCommand(runEnquiriesCommand, ['show', old.id], env);
  expect(show).toMatchObject({ code: 0 });
  expect(show.stdout).toContain(retired);
  const csv = join(tmp.dir, 'enquiries.csv');
  expect(await runCommand(runEnquiriesCommand, ['export', csv], env)).toMatchObject({ code: 0 });
  expect(await readFile(csv, 'utf8')).toContain(`${retired},${retired}`);
  expect(await runCommand(runEnquiriesCommand, ['report'], env)).toMatchObject({ code: 0, stderr: '' });
}

describe('a package the offer no longer has', { timeout: 120_000 }, () => {
  test('the file store: the site starts, and list, show, export and report show the old id as it is', async () => {
    const old = await storeBoth(await openFileStore(tmp.file, { enabled: off }));
    await expectReadable({ ENQUIRIES_FILE: tmp.file }, old);
  });

  test('PostgreSQL: the site starts, and list, show, export and report show the old id as it is', async () => {
    const old = await storeBoth(await openPostgresStore(database.url, { enabled: off }));
    await expectReadable({ DATABASE_URL: database.url, FORM_SECRET: 'a'.repeat(64) }, old);
  });

  test('the staff email and HubSpot’s message line name it as it is', async () => {
    const store = await openFileStore(tmp.file, { enabled: off });
    const old = await store.add(aboutRetired());
    const config = parseConfig({ ENQUIRIES_FILE: tmp.file });
    expect(notificationEmail(old, config).text).toContain(`Package: ${retired}`);
    expect(notificationEmail(old, config).subject).toContain(`(${retired})`);
    const message = hubspotSubmission(old, { siteUrl: config.public.siteUrl, utmFields: false }).fields.find(
      (field) => field.name === 'message',
    );
    expect(message?.value).toContain(`Package: ${retired}`);
  });

  test('a damaged file still stops the start, and only then is a backup advised', async () => {
    await writeFile(tmp.file, '{"version":1,"enquiries":[');
    await expect(startProductionServer({ ENQUIRIES_FILE: tmp.file })).rejects.toThrow(/restore it from a backup/);
  });
});
