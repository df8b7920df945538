import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, expect, test } from 'vitest';
import { writeFileAtomically } from './atomic-write.server.ts';
import { tempFolder } from '../../../test-support/temp-folder.ts';

let dir: string;
beforeEach(() => {
  dir = tempFolder('atomic-write-');
});

test('replaces the file and leaves no temporary file beside it', async () => {
  const file = join(dir, 'store.json');
  await writeFile(file, 'old');
  await writeFileAtomically(file, 'new');
  await writeFileAtomically(join(dir, 'image.webp'), Buffer.from([1, 2, 3]));
  expect(await readFile(file, 'utf8')).toBe('new');
  expect(await readFile(join(dir, 'image.webp'))).toEqual(Buffer.from([1, 2, 3]));
  expect((await readdir(dir)).sort()).toEqual(['image.webp', 'store.json']);
});

test('a durable write gives the same file, with the mode asked for', async () => {
  const file = join(dir, 'enquiries.json');
  await writeFileAtomically(file, '{"version": 1}\n', { durable: true, mode: 0o600 });
  expect(await readFile(file, 'utf8')).toBe('{"version": 1}\n');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
});

test('a reader sees the old file or the new one, never part of either', async () => {
  const file = join(dir, 'big.txt');
  const versions = ['a', 'b'].map((letter) => letter.repeat(1 << 20));
  await writeFile(file, versions[0]!);
  let writing = true;
  const writes = (async () => {
    for (let i = 1; i <= 20; i += 1) await writeFileAtomically(file, versions[i % 2]!);
    writing = false;
  })();
  do {
    expect(versions).toContain(await readFile(file, 'utf8'));
  } while (writing);
  await writes;
});

test('when the rename fails, the error comes back and no temporary file is left', async () => {
  const target = join(dir, 'taken');
  await mkdir(join(target, 'inside'), { recursive: true });
  await expect(writeFileAtomically(target, 'data', { durable: true })).rejects.toThrow();
  expect(await readdir(dir)).toEqual(['taken']);
  expect(await readdir(target)).toEqual(['inside']);
});

test('a missing folder is an error, not created', async () => {
  const file = join(dir, 'missing', 'store.json');
  await expect(writeFileAtomically(file, 'data')).rejects.toMatchObject({ code: 'ENOENT' });
  expect(await readdir(dir)).toEqual([]);
});
