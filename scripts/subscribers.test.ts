import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runSubscribersCommand } from './lib/subscribers-cli.ts';
import { runCommand } from './lib/run-script.ts';
import { openFileStore } from '../src/server/enquiries/file-store/file-store.server.ts';
import { newConfirmationToken } from '../src/server/newsletter/subscriber.ts';
import { tempEnquiriesFile } from '../test-support/enquiries.ts';

const tmp = tempEnquiriesFile('subscribers-cli-');
const cli = (args: string[], file = tmp.file) => runCommand(runSubscribersCommand, args, { ENQUIRIES_FILE: file });

async function seed() {
  const store = await openFileStore(tmp.file);
  const both = { hubspot: false, webhook: false };
  for (const [email, firstname] of [
    ['ada@example.com', 'Ada'],
    ['formula@example.com', '=HYPERLINK("http://evil.example","click")'],
  ] as const) {
    const link = newConfirmationToken();
    await store.signUp({ email, firstname }, link.hash);
    await store.confirm(link.hash, both);
  }
  await store.signUp({ email: 'pending@example.com' }, newConfirmationToken().hash);
  await store.close();
}

describe('npm run subscribers', () => {
  test('export writes the confirmed subscribers only, as a CSV Mailchimp reads, every cell formula-safe', async () => {
    await seed();
    const { code, stdout } = await cli(['export']);
    expect(code).toBe(0);
    const lines = stdout.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Email Address,First Name,Confirmed At');
    expect(stdout).not.toContain('pending@example.com');
    expect(lines.find((line) => line.startsWith('ada@example.com'))).toMatch(/^ada@example\.com,Ada,\d{4}-/);
    expect(lines.find((line) => line.startsWith('formula@'))).toContain(`"'=HYPERLINK(""http://evil.example""`);
  });

  test('import reads the export back into another store, and a second import adds none', async () => {
    await seed();
    const csv = join(tmp.dir, 'subscribers.csv');
    await writeFile(csv, (await cli(['export'])).stdout);
    const other = join(tmp.dir, 'other.json');
    expect((await cli(['import', csv], other)).stdout).toContain('2 read, 2 added');
    expect((await cli(['import', csv], other)).stdout).toContain('2 read, 0 added');
    const store = await openFileStore(other);
    const names = (await store.subscribers()).map((s) => s.firstname).sort();
    expect(names).toEqual(['=HYPERLINK("http://evil.example","click")', 'Ada']);
  });

  test('a CSV row without a valid address stops the import, naming its line', async () => {
    const csv = join(tmp.dir, 'bad.csv');
    await writeFile(csv, 'Email Address,First Name\r\nok@example.com,Ok\r\nnot-an-address,No\r\n');
    const { code, stderr } = await cli(['import', csv]);
    expect(code).toBe(1);
    expect(stderr).toContain('line 3');
  });

  test('delete removes an address for good; revoke spends a pending link', async () => {
    await seed();
    expect((await cli(['revoke', 'pending@example.com'])).code).toBe(0);
    expect((await cli(['revoke', 'pending@example.com'])).code).toBe(1);
    expect((await cli(['delete', 'Ada@example.com'])).stdout).toContain('deleted ada@example.com (confirmed)');
    const { stdout } = await cli(['list']);
    expect(stdout).not.toContain('ada@example.com');
    expect(stdout).toContain('1 confirmed, 1 waiting for confirmation');
  });
});
