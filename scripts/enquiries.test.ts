import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runEnquiriesCommand } from './lib/enquiries-cli.ts';
import { runCommand, runScript, spawnScript } from './lib/run-script.ts';
import type { NewEnquiry, StoredEnquiry } from '../src/server/enquiries/enquiry.ts';
import { openFileStore } from '../src/server/enquiries/file-store/file-store.server.ts';
import {
  changeEnquiries,
  newEnquiry,
  smtpStandIn,
  tempEnquiriesFile,
  testDatabase,
  webhookReceiver,
} from '../test-support/enquiries.ts';

/** Runs the command's own code in this process, output captured, with ENQUIRIES_FILE pointing at the test's file. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCommand(runEnquiriesCommand, args, { ENQUIRIES_FILE: tmp.file, ...env });
/** Runs `npm run enquiries` as operators do, in a process of its own: its exit status and output streams. */
const processCli = (args: string[]) => runScript('enquiries.ts', args, { ENQUIRIES_FILE: tmp.file });

const tmp = tempEnquiriesFile('enquiries-cli-');

const enquiry = (overrides: Partial<NewEnquiry> = {}) =>
  newEnquiry({
    phone: '0400 000 000',
    company: 'Café Ünïcode',
    message: '=HYPERLINK("http://evil.example")\nsecond line, with "quotes"',
    hutk: 'abc123',
    ...overrides,
  });

/** Three enquiries (oldest first: Ada, a spam, Grace) with Ada's HubSpot delivery failed. */
async function seed(): Promise<{ ada: StoredEnquiry; spam: StoredEnquiry; grace: StoredEnquiry }> {
  const store = await openFileStore(tmp.file, { enabled: { hubspot: true, email: false } });
  const ada = await store.add(enquiry());
  const spam = await store.add(enquiry({ firstname: 'Spammer', email: 'spam@example.com', spam: true }));
  const grace = await store.add(
    enquiry({ firstname: '@Grace', lastname: 'Hopper', email: 'grace@example.com', message: undefined }),
  );
  await changeEnquiries(tmp.file, (list) => {
    const target = list.find((e) => e.id === ada.id);
    if (!target) throw new Error('seeded enquiry missing');
    target.delivery.hubspot = 'failed';
    target.progress.hubspot = { attempts: 1, lastError: 'HubSpot answered 400: invalid' };
  });
  return { ada, spam, grace };
}

const timeout = 90_000;

describe('npm run enquiries', () => {
  test('list: newest first with delivery states, spam apart; --json for scripts', { timeout }, async () => {
    const { ada, grace } = await seed();
    const list = await cli(['list']);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    const lines = list.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID +RECEIVED +NAME +EMAIL ADDRESS +PACKAGE +HUBSPOT +EMAIL$/);
    expect(lines[1]).toMatch(
      new RegExp(`^${grace.id} .* @Grace Hopper +grace@example\\.com +Growth Partner +pending +off$`),
    );
    expect(lines[2]).toMatch(new RegExp(`^${ada.id} .* Ada Lovelace +ada@example\\.com +Growth Partner +failed +off$`));
    expect(list.stdout).not.toContain('Spammer');
    expect(list.stdout).toContain('2 enquiries, 1 with a failed delivery');

    const json = await cli(['list', '--json']);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    const rows = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.id)).toEqual([grace.id, ada.id]);
    expect(rows[1]).toMatchObject({
      id: ada.id,
      receivedAt: ada.receivedAt,
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      phone: '0400 000 000',
      company: 'Café Ünïcode',
      message: ada.message,
      plan: 'growth',
      pageUri: ada.pageUri,
      delivery: { hubspot: 'failed', email: 'off' },
    });
    expect(rows[0]).toMatchObject({ message: null, delivery: { hubspot: 'pending', email: 'off' } });

    const spam = await cli(['list', '--spam', '--json']);
    expect((JSON.parse(spam.stdout) as Array<{ firstname: string }>).map((r) => r.firstname)).toEqual(['Spammer']);
  });

  test('show: every field and the delivery history, by id or a unique start of it', { timeout }, async () => {
    const { ada } = await seed();
    const show = await cli(['show', ada.id.slice(0, 8)]);
    expect(show).toMatchObject({ code: 0, stderr: '' });
    for (const line of [
      `id:         ${ada.id}`,
      'first name: Ada',
      'last name:  Lovelace',
      'email:      ada@example.com',
      'phone:      0400 000 000',
      'business:   Café Ünïcode',
      'package:    Growth Partner (growth)',
      'hubspotutk: abc123',
      'HubSpot:    failed, 1 attempt, last error: HubSpot answered 400: invalid',
      'email sent: off',
      'message:\n=HYPERLINK("http://evil.example")\nsecond line, with "quotes"',
    ]) {
      expect(show.stdout).toContain(line);
    }
  });

  test('export: every field, UTF-8 with a BOM, CRLF, formula cells neutralised', { timeout }, async () => {
    const { ada, grace } = await seed();
    const target = join(tmp.dir, 'out.csv');
    const run = await cli(['export', target]);
    expect(run).toMatchObject({ code: 0, stderr: '', stdout: `exported 2 enquiries to ${target}\n` });
    const csv = await readFile(target, 'utf8');
    // The columns operators' spreadsheets expect, in this order.
    expect(csv.split('\r\n')[0]).toMatch(
      /^\uFEFFid,receivedAt,firstname,lastname,email,phone,company,message,plan,planTitle,pageUri,pageName,hutk,/,
    );
    const records = csv.slice(1).split('\r\n');
    expect(records).toHaveLength(4);
    expect(records[3]).toBe('');
    expect(records[1]).toContain(`${grace.id},${grace.receivedAt},'@Grace,Hopper,grace@example.com,`);
    expect(records[2]).toContain(
      `${ada.id},${ada.receivedAt},Ada,Lovelace,ada@example.com,0400 000 000,Café Ünïcode,` +
        `"'=HYPERLINK(""http://evil.example"")\nsecond line, with ""quotes""",growth,Growth Partner,`,
    );
    expect(records[2]).toContain(',failed,1,,HubSpot answered 400: invalid,off,0,,');
    expect(csv).not.toContain('Spammer');
  });

  test('retry re-queues failed deliveries; delete removes one for good', { timeout }, async () => {
    const { ada, grace } = await seed();
    const retry = await cli(['retry']);
    expect(retry).toMatchObject({ code: 0, stderr: '' });
    expect(retry.stdout).toMatch(/^re-queued 1 HubSpot and 0 email deliveries; the running server sends them/);
    const store = await openFileStore(tmp.file);
    expect((await store.get(ada.id))?.delivery.hubspot).toBe('pending');
    expect((await store.get(ada.id))?.progress.hubspot.attempts).toBe(0);

    const removed = await cli(['delete', grace.id]);
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(removed.stdout).toBe(`deleted enquiry ${grace.id} (received ${grace.receivedAt}) from ${tmp.file}\n`);
    const text = await readFile(tmp.file, 'utf8');
    expect(text).not.toContain(grace.id);
    expect(text).not.toContain('grace@example.com');
    expect((await store.all()).map((e) => e.id)).not.toContain(grace.id);
  });

  test('errors are one line and exit 1; a corrupt file is left as it is', { timeout }, async () => {
    await seed();
    const unknown = await processCli(['show', 'no-such-id']);
    expect(unknown).toEqual({ code: 1, stdout: '', stderr: `error: no enquiry no-such-id in ${tmp.file}\n` });
    const missing = await cli(['delete', 'x', '--file', join(tmp.dir, 'none.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: .*none\.json does not exist yet[^\n]*\n$/);
    const noFolder = await cli(['export', join(tmp.dir, 'no', 'such', 'folder', 'x.csv')]);
    expect(noFolder.stderr).toMatch(/^error: cannot write .*x\.csv: its folder .* does not exist\n$/);

    await writeFile(tmp.file, '{"version": 1, "enquiries": [');
    for (const args of [['list'], ['retry'], ['delete', 'abcd']]) {
      const run = await cli(args);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `error: ${tmp.file}: is not valid JSON (Unexpected end of JSON input); restore it from a backup, nothing was written\n`,
      );
    }
    expect(await readFile(tmp.file, 'utf8')).toBe('{"version": 1, "enquiries": [');
  });

  test('piped into a reader that stops early (head): no error', { timeout }, async () => {
    const store = await openFileStore(tmp.file);
    await Promise.all(Array.from({ length: 400 }, (_, i) => store.add(enquiry({ email: `v${i}@example.com` }))));
    const run = spawnScript('enquiries.ts', ['list', '--json'], { ENQUIRIES_FILE: tmp.file }, (_chunk, close) =>
      close(),
    );
    const code = await run.exit;
    const stderr = run.stderr();
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});

describe('npm run enquiries with DATABASE_URL', () => {
  const database = testDatabase();
  // The site's address, as the enquiries were posted to: import rebases each page address onto it.
  const db = (args: string[]) => cli(args, { DATABASE_URL: database.url, SITE_URL: 'https://studio.example' });

  test('import copies a file’s enquiries once; every command then works on the database', { timeout }, async () => {
    const { ada, grace } = await seed();
    const first = await db(['import', tmp.file]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(
      /^imported 3 of 3 enquiries from .*enquiries\.json into the database at 127\.0\.0\.1:\d+\/test_/,
    );
    const again = await db(['import', tmp.file]);
    expect(again.stdout).toMatch(/^imported 0 of 3 enquiries .* \(3 already there\)$/m);

    // The same enquiries as the file, states and all.
    const fromFile = JSON.parse((await cli(['list', '--json'])).stdout) as unknown[];
    const fromDatabase = JSON.parse((await db(['list', '--json'])).stdout) as unknown[];
    expect(fromDatabase).toEqual(fromFile);
    expect(JSON.parse((await db(['list', '--spam', '--json'])).stdout)).toHaveLength(1);

    const show = await db(['show', ada.id.slice(0, 8)]);
    expect(show.stdout).toContain('HubSpot:    failed, 1 attempt, last error: HubSpot answered 400: invalid');
    expect(await db(['retry'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^re-queued 1 HubSpot and 0 email/),
    });
    expect((await db(['show', ada.id])).stdout).toContain('HubSpot:    pending');

    const target = join(tmp.dir, 'db.csv');
    expect((await db(['export', target])).stdout).toBe(`exported 2 enquiries to ${target}\n`);
    expect(await readFile(target, 'utf8')).toContain(grace.id);

    const deleted = await db(['delete', grace.id]);
    expect(deleted.stdout).toMatch(new RegExp(`^deleted enquiry ${grace.id} .* from the database at 127\\.0\\.0\\.1`));
    expect((JSON.parse((await db(['list', '--json'])).stdout) as Array<{ id: string }>).map((e) => e.id)).toEqual([
      ada.id,
    ]);
    // The file is not touched by any of it.
    expect(JSON.parse((await cli(['list', '--json'])).stdout)).toEqual(fromFile);
  });

  test('a database that refuses the login is one line naming the host, never the password', { timeout }, async () => {
    const url = new URL(database.url);
    url.username = 'nobody';
    url.password = 'pa55word-secret';
    const run = await cli(['list'], { DATABASE_URL: url.href });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: the enquiry database at 127\.0\.0\.1:\d+\/test_\S+ refused the login .*\n$/);
    expect(run.stderr).not.toContain('pa55word');
  });

  test(
    "test-delivery: a test email and a test alert, each outcome printed, HubSpot's last outcome read, not sent",
    { timeout },
    async () => {
      const smtp = await smtpStandIn();
      const webhook = await webhookReceiver();
      try {
        const store = await openFileStore(tmp.file, { enabled: { hubspot: true, email: false } });
        const sent = await store.add(enquiry());
        await changeEnquiries(tmp.file, (list) => {
          const target = list.find((e) => e.id === sent.id);
          if (!target) throw new Error('seeded enquiry missing');
          target.delivery.hubspot = 'sent';
          target.progress.hubspot = {
            attempts: 1,
            lastAttemptAt: '2026-05-01T10:00:00.000Z',
            sentAt: '2026-05-01T10:00:01.000Z',
            missingFields: ['company'],
          };
        });
        const env = {
          SMTP_URL: smtp.url,
          NOTIFY_EMAIL: 'leads@studio.example',
          ALERT_WEBHOOK_URL: webhook.url,
          SITE_URL: 'https://studio.example',
          HUBSPOT_PORTAL_ID: '12345678',
          HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
        };
        const run = await cli(['test-delivery', '--to', 'owner@studio.example'], env);
        expect(run).toMatchObject({ code: 0, stderr: '' });
        expect(run.stdout.split('\n')).toEqual([
          'email:   sent to owner@studio.example',
          'alert:   sent to ALERT_WEBHOOK_URL',
          `hubspot: nothing sent (a test would create a contact); last outcome: sent at 2026-05-01T10:00:00.000Z, without company (not in the form) for enquiry ${sent.id}`,
          '',
        ]);
        expect(smtp.messages.map((m) => [m.rcpt, m.parsed.subject])).toEqual([
          [['owner@studio.example'], 'Test email from the Newcastle Marketing Studio website'],
        ]);
        expect(webhook.accepted()).toEqual([
          expect.objectContaining({ event: 'test', site: 'https://studio.example', text: expect.any(String) }),
        ]);

        // show names the field the HubSpot form lacks, so the operator can add it.
        const shown = await cli(['show', sent.id]);
        expect(shown.stdout).toMatch(
          /^HubSpot: +sent, 1 attempt, sent 2026-05-01T10:00:01\.000Z, without company: the HubSpot form lacks this field/m,
        );

        // A receiver that refuses: that line fails, and so does the command.
        await webhook.close();
        const failing = await cli(['test-delivery'], env);
        expect(failing.code).toBe(1);
        expect(failing.stdout).toMatch(/^alert: +FAILED ALERT_WEBHOOK_URL failed \(\S+\)$/m);
        expect(failing.stdout).toMatch(/^email: +sent to leads@studio\.example$/m);
      } finally {
        await smtp.close();
        await webhook.close().catch(() => undefined);
      }
    },
  );
});
