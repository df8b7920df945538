import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import { writeFileAtomically } from '../../files/atomic-write.server.ts';
import { EnquiryStoreError } from '../enquiry-store.server.ts';
import type { NewEnquiry } from '../enquiry.ts';
import { EnquiryFile } from './enquiry-file.server.ts';
import { openFileStore } from './file-store.server.ts';
import { newEnquiry, tempEnquiriesFile } from '../../../../test-support/enquiries.ts';

// Counts the store's durable writes (group commit), calling the real ones.
vi.mock('../../files/atomic-write.server.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../files/atomic-write.server.ts')>();
  return { ...original, writeFileAtomically: vi.fn(original.writeFileAtomically) };
});

const writer = fileURLToPath(new URL('../../../../test-support/enquiry-writer-process.ts', import.meta.url));

const tmp = tempEnquiriesFile('enquiries-', join('data', 'enquiries.json'));

const enquiry = (overrides: Partial<NewEnquiry> = {}) =>
  newEnquiry({
    message: 'A new website',
    ...overrides,
  });

/** Starts a writer process adding `count` enquiries; resolves each line (an id) as it is printed. */
function startWriter(count: number, tag: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, tmp.file, String(count), tag], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, lines, exited };
}

/** What only the file store promises: its file stays whole, under any number of processes and crashes. */
describe('the file store', () => {
  test('200 concurrent adds in one process are written in a few group commits', async () => {
    const store = await openFileStore(tmp.file);
    const writes = vi.mocked(writeFileAtomically);
    writes.mockClear();
    await Promise.all(Array.from({ length: 200 }, (_, i) => store.add(enquiry({ firstname: `n${i}` }))));
    expect(await store.all()).toHaveLength(200);
    // The first add writes alone; the 199 queued meanwhile share the next write (a slow disk may split them).
    expect(writes.mock.calls.filter(([file]) => file === tmp.file).length).toBeLessThanOrEqual(5);
  });

  test('a change that throws changes nothing and fails alone; delete removes the record from the file', async () => {
    const store = await openFileStore(tmp.file);
    const kept = await store.add(enquiry());
    // Two changes queued together share one locked write.
    const file = await EnquiryFile.open(tmp.file);
    const results = await Promise.allSettled([
      file.change((list) => {
        list.push({ ...kept, id: 'half-way' });
        throw new Error('refused');
      }),
      file.change((list) => {
        list.push({ ...kept, id: crypto.randomUUID(), firstname: 'Grace' });
      }),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: new Error('refused') });
    expect(results[1].status).toBe('fulfilled');
    expect((await store.all()).map((e) => e.firstname)).toEqual(['Ada', 'Grace']);

    expect(await store.delete(kept.id)).toEqual(kept);
    expect(await store.delete('no-such-id')).toBeUndefined();
    expect(await readFile(tmp.file, 'utf8')).not.toContain(kept.id);
    // Nothing is left beside the file but its lock-free folder: no temporary files.
    expect(await readdir(join(tmp.dir, 'data'))).toEqual(['enquiries.json']);
  });

  test('a corrupt file is one clear line, at open and at add, and is never overwritten', async () => {
    const store = await openFileStore(tmp.file);
    await store.add(enquiry());
    await writeFile(tmp.file, '{"version": 1, "enquiries": [');
    await expect(openFileStore(tmp.file)).rejects.toThrow(
      new EnquiryStoreError(
        `${tmp.file}: is not valid JSON (Unexpected end of JSON input); restore it from a backup, nothing was written`,
      ),
    );
    await expect(store.add(enquiry())).rejects.toBeInstanceOf(EnquiryStoreError);
    expect(await readFile(tmp.file, 'utf8')).toBe('{"version": 1, "enquiries": [');

    await writeFile(tmp.file, JSON.stringify({ version: 1, enquiries: [{ id: 'x' }] }));
    await expect(openFileStore(tmp.file)).rejects.toThrow(/enquiries\.json: has the wrong shape at enquiries\.0\./);
  });

  test('a field it does not know (written by a newer release) is read, and kept when the file is written again', async () => {
    const store = await openFileStore(tmp.file);
    const known = await store.add(enquiry());
    const file = JSON.parse(await readFile(tmp.file, 'utf8')) as { enquiries: Array<Record<string, unknown>> };
    const [first] = file.enquiries;
    await writeFile(
      tmp.file,
      JSON.stringify({
        ...file,
        archivedAt: '2026-05-01T00:00:00.000Z',
        enquiries: [{ ...first, locale: 'en-AU', progress: { ...(first?.progress as object), sms: { attempts: 0 } } }],
      }),
    );
    expect(await store.get(known.id)).toMatchObject({ id: known.id, locale: 'en-AU' });
    await store.add(enquiry({ firstname: 'Grace' }));
    const rewritten = JSON.parse(await readFile(tmp.file, 'utf8')) as typeof file & { archivedAt?: string };
    expect(rewritten.archivedAt).toBe('2026-05-01T00:00:00.000Z');
    expect(rewritten.enquiries[0]).toMatchObject({ locale: 'en-AU', progress: { sms: { attempts: 0 } } });
    expect(rewritten.enquiries).toHaveLength(2);
  });

  test('a missing file is an empty store; open does not create it', async () => {
    const store = await openFileStore(tmp.file);
    expect(await store.list()).toEqual([]);
    expect(await store.delete('no-such-id')).toBeUndefined();
    await expect(readFile(tmp.file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the file store across processes', () => {
  test('4 processes adding 50 each at once store exactly 200', { timeout: 60_000 }, async () => {
    const writers = ['a', 'b', 'c', 'd'].map((tag) => startWriter(50, tag));
    const results = await Promise.all(writers.map((w) => w.exited));
    for (const result of results) expect(result).toMatchObject({ code: 0, stderr: '' });
    const all = await (await openFileStore(tmp.file)).all();
    expect(all).toHaveLength(200);
    expect(new Set(all.map((e) => e.firstname)).size).toBe(200);
  });

  test('kill -9 right after add resolved: the enquiry is on disk', { timeout: 60_000 }, async () => {
    const { child, lines, exited } = startWriter(20, 'k');
    const firstId = await new Promise<string>((resolve) => lines.once('line', resolve));
    child.kill('SIGKILL');
    expect((await exited).signal).toBe('SIGKILL');
    const all = await (await openFileStore(tmp.file)).all();
    expect(all.map((e) => e.id)).toContain(firstId);
  });
});
