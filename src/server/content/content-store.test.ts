import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readStore } from '../store.server.ts';
import { staleLockMs } from '../files/file-lock.server.ts';
import { lockNotices, withStoreLock } from './content-store.server.ts';
import { addFile, newPostFront, workspaceForEachTest } from '../../../test-support/content.ts';

const ws = workspaceForEachTest();
afterEach(() => {
  lockNotices.report = () => undefined;
});
const add = (file: string) => addFile(ws, file);

describe("the store's lock", () => {
  test('two concurrent adds of different posts both end up in the store', async () => {
    const files = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ws.postFile(`c${i}.md`, newPostFront({ slug: `concurrent-${i}` }))),
    );
    const results = await Promise.all(files.map((file) => add(file)));
    const data = await readStore(ws.dataFile);
    expect(data.posts.map((p) => p.slug).sort()).toEqual(
      ['first-post', ...files.map((_, i) => `concurrent-${i}`)].sort(),
    );
    expect(new Set(results.map((r) => r.post.id)).size).toBe(6);
  });

  test('a command waiting for the lock says at once who holds it and since when, then goes ahead', async () => {
    const file = await ws.postFile('w.md', newPostFront({ slug: 'waiting' }));
    const notices: string[] = [];
    lockNotices.report = (line) => notices.push(line);
    const order: string[] = [];
    let adding: Promise<unknown> = Promise.resolve();
    await withStoreLock(ws.dataFile, async () => {
      adding = add(file).then(() => order.push('add'));
      await vi.waitFor(() => expect(notices).toHaveLength(1), { timeout: 5_000, interval: 10 });
      order.push('holder done');
    });
    await adding;
    expect(order).toEqual(['holder done', 'add']);
    expect(notices[0]).toMatch(
      new RegExp(
        `^waiting for the lock on ${ws.dataFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} held since ` +
          `\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\(pid ${process.pid}\\); a lock not refreshed for 10 s is taken over$`,
      ),
    );
    expect((await readStore(ws.dataFile)).posts.map((p) => p.slug)).toContain('waiting');
  });

  test('a lock left behind by a crashed command is taken over once stale, and says so', async () => {
    const notices: string[] = [];
    lockNotices.report = (line) => notices.push(line);
    const lockDir = `${ws.dataFile}.lock`;
    await mkdir(lockDir);
    const old = new Date(Date.now() - 60_000);
    await utimes(lockDir, old, old);
    await add(await ws.postFile('s.md', newPostFront({ slug: 'after-crash' })));
    expect((await readStore(ws.dataFile)).posts.map((p) => p.slug)).toContain('after-crash');
    await expect(stat(lockDir)).rejects.toThrow();
    expect(notices).toEqual([
      expect.stringMatching(/^taking over the lock on .*db\.json .*its command no longer runs$/),
    ]);
  });

  test('a fresh lock left by a process that no longer runs is taken over at once', async () => {
    const notices: string[] = [];
    lockNotices.report = (line) => notices.push(line);
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const pid = Number(gone.stdout);
    await mkdir(`${ws.dataFile}.lock`);
    await writeFile(
      `${ws.dataFile}.lock-owner`,
      JSON.stringify({ pid, host: hostname(), since: '2025-06-01T10:00:00.000Z' }),
    );
    const started = Date.now();
    await add(await ws.postFile('s.md', newPostFront({ slug: 'after-crash' })));
    expect(Date.now() - started).toBeLessThan(staleLockMs);
    expect(notices).toEqual([
      `taking over the lock on ${ws.dataFile} left since 2025-06-01 10:00:00 UTC by pid ${pid}, which no longer runs`,
    ]);
    await expect(stat(`${ws.dataFile}.lock-owner`)).rejects.toThrow();
  });
});
