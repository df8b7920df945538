import { spawnSync } from 'node:child_process';
import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { FileLockError, staleLockMs, withFileLock } from './file-lock.server.ts';
import { tempFolder } from '../../../test-support/temp-folder.ts';

const retries = { retries: 200, factor: 1, minTimeout: 5, maxTimeout: 5 };
let dir: string;
let file: string;
beforeEach(() => {
  dir = tempFolder('file-lock-');
  file = join(dir, 'store.json');
});

/** Removes the lock from under its holder, then waits until the holder's next refresh has noticed. */
async function loseLock(stillHeld: () => void): Promise<void> {
  await rm(`${file}.lock`, { recursive: true });
  await vi.waitFor(() => expect(stillHeld).toThrow(), { timeout: 5_000, interval: 50 });
}

describe('holding the lock', () => {
  test('holders take turns: no two tasks run at once, and the lock is gone afterwards', async () => {
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        withFileLock(
          file,
          async () => {
            running += 1;
            most = Math.max(most, running);
            // A few trips through the event loop, in which the others try the lock: it is on disk all along.
            for (let check = 0; check < 5; check += 1) expect((await stat(`${file}.lock`)).isDirectory()).toBe(true);
            running -= 1;
            return n;
          },
          { retries },
        ),
      ),
    );
    expect(results).toEqual([1, 2, 3, 4]);
    expect(most).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });

  test('an error from the task comes back and the lock is released', async () => {
    await expect(withFileLock(file, () => Promise.reject(new Error('no')), { retries })).rejects.toThrow('no');
    expect(await withFileLock(file, async () => 'next', { retries: 0 })).toBe('next');
  });

  test('still locked after every retry, or no folder: a FileLockError that says which', async () => {
    await withFileLock(
      file,
      async () => {
        const waiting = withFileLock(file, async () => undefined, { retries: { ...retries, retries: 2 } });
        await expect(waiting).rejects.toBeInstanceOf(FileLockError);
        await expect(waiting).rejects.toMatchObject({
          reason: 'locked',
          message: `${file}: still locked by another process (${file}.lock)`,
        });
      },
      { retries },
    );
    const nowhere = join(dir, 'missing', 'store.json');
    await expect(withFileLock(nowhere, async () => undefined, { retries: 0 })).rejects.toMatchObject({
      reason: 'no-folder',
      message: `${nowhere}: its folder ${join(dir, 'missing')} does not exist`,
    });
  });

  test('a lock not refreshed for the stale time is taken over', async () => {
    await mkdir(`${file}.lock`);
    const old = new Date(Date.now() - staleLockMs - 5_000);
    await utimes(`${file}.lock`, old, old);
    expect(await withFileLock(file, async () => 'taken over', { retries: 0 })).toBe('taken over');
  });
});

describe('notices', () => {
  test('without onNotice no owner note is written; with it, the holder is named to those who wait', async () => {
    await withFileLock(file, async () => expect(await readdir(dir)).toEqual(['store.json.lock']), { retries });
    const notices: string[] = [];
    let waiting: Promise<string> | undefined;
    await withFileLock(
      file,
      async () => {
        expect((await readdir(dir)).sort()).toEqual(['store.json.lock', 'store.json.lock-owner']);
        waiting = withFileLock(file, async () => 'after', { retries, onNotice: (line) => notices.push(line) });
        await vi.waitFor(() => expect(notices).toHaveLength(1), { timeout: 5_000, interval: 10 });
      },
      { retries, onNotice: () => undefined },
    );
    expect(await waiting).toBe('after');
    expect(notices[0]).toMatch(
      new RegExp(
        `^waiting for the lock on .*store\\.json held since .* UTC \\(pid ${process.pid}\\); a lock not refreshed for 10 s is taken over$`,
      ),
    );
    expect(await readdir(dir)).toEqual([]);
  });

  test('a lock whose process is gone from this machine is taken over at once, and said', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await mkdir(`${file}.lock`);
    await writeFile(
      `${file}.lock-owner`,
      JSON.stringify({ pid: Number(gone.stdout), host: hostname(), since: '2025-06-01T10:00:00.000Z' }),
    );
    const notices: string[] = [];
    await withFileLock(file, async () => undefined, { retries: 0, onNotice: (line) => notices.push(line) });
    expect(notices).toEqual([
      `taking over the lock on ${file} left since 2025-06-01 10:00:00 UTC by pid ${gone.stdout}, which no longer runs`,
    ]);
    await expect(stat(`${file}.lock-owner`)).rejects.toThrow();
  });
});

describe('a lost lock', () => {
  test(
    'stillHeld() throws once the lock is lost; the task runs again under a new lock',
    { timeout: 15_000 },
    async () => {
      let runs = 0;
      let lost = 0;
      const result = await withFileLock(
        file,
        async (stillHeld) => {
          runs += 1;
          if (runs === 1) await loseLock(stillHeld);
          stillHeld();
          return runs;
        },
        { retries, onLost: () => (lost += 1) },
      );
      expect([result, lost]).toEqual([2, 1]);
    },
  );

  test('a lock lost three times is an error', { timeout: 30_000 }, async () => {
    let runs = 0;
    const task = async (stillHeld: () => void) => {
      runs += 1;
      await loseLock(stillHeld);
      stillHeld();
    };
    await expect(withFileLock(file, task, { retries })).rejects.toMatchObject({
      reason: 'lost',
      message: `${file}: the lock was lost three times while writing`,
    });
    expect(runs).toBe(3);
  });
});
