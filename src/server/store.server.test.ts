import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { pino } from 'pino';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BlogStore, readStore } from './store.server.ts';
import { testPost, testStore, writeTempStore } from '../../test-support/server.ts';
import { tempFolder } from '../../test-support/temp-folder.ts';

const silent = pino({ level: 'silent' });
const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  vi.useRealTimers();
});

function tempStore(data: unknown) {
  const temp = writeTempStore(data);
  cleanups.push(temp.remove);
  return temp.file;
}

describe('readStore', () => {
  test.each([
    ['not JSON', '{ "categories": [', /db\.json: not valid JSON/],
    ['the wrong shape', { categories: [], posts: [{ id: 1 }] }, /db\.json: posts\[0\]\.slug: .*and \d+ more problems/],
    [
      'a post in an unknown category',
      { categories: [], posts: [testPost({ id: 1, slug: 'a' })] },
      /unknown category 1/,
    ],
    [
      'a duplicate slug',
      { categories: testStore(0).categories, posts: [testPost({ id: 1, slug: 'a' }), testPost({ id: 2, slug: 'a' })] },
      /posts: duplicate a/,
    ],
  ])('rejects %s with one line naming the file and leaves it unchanged', async (_name, data, message) => {
    const file = tempStore(data);
    const before = readFileSync(file);
    await expect(readStore(file)).rejects.toThrow(message);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  test('a featuredImage is a path under public/ or an https:// URL', async () => {
    const store = (featuredImage: string) => ({
      ...testStore(0),
      posts: [testPost({ id: 1, slug: 'a', featuredImage })],
    });
    for (const good of ['/images/blog/x.webp', 'https://images.example-cdn.com/team.jpg?w=1200&q=80']) {
      await expect(readStore(tempStore(store(good)))).resolves.toMatchObject({ posts: [{ featuredImage: good }] });
    }
    for (const bad of [
      'http://images.example-cdn.com/team.jpg',
      '//images.example-cdn.com/team.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'images/blog/x.webp',
      'https://cdn.example.com/a"onerror="x.jpg',
      'https://user:secret@cdn.example.com/x.jpg',
    ]) {
      await expect(readStore(tempStore(store(bad))), bad).rejects.toThrow(
        'posts[0].featuredImage: must be a path under public/ (like /images/blog/x.webp) or an https:// URL',
      );
    }
  });

  test('rejects a missing file', async () => {
    await expect(readStore('/nonexistent/db.json')).rejects.toThrow('/nonexistent/db.json: file not found');
  });

  test('never rewrites the file it reads', async () => {
    const file = tempStore(JSON.stringify(testStore(2)));
    const before = readFileSync(file);
    await readStore(file);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('BlogStore', () => {
  test('reloads when the file changes, and keeps the last good data after a bad edit', async () => {
    const file = tempStore(testStore(2));
    const errors: string[] = [];
    const store = await BlogStore.open(file, { info: () => {}, error: (message) => errors.push(message) });
    cleanups.push(() => store.close());
    store.watch();
    const total = () => store.index.listPosts({ page: 1, limit: 50 }).pagination.total;
    // fs.watchFile compares each poll with the one before, and an edit made before its first poll sets the baseline
    // unnoticed: the edit is written again until a poll has seen it.
    await vi.waitFor(
      () => {
        writeFileSync(file, JSON.stringify(testStore(5)));
        expect(total()).toBe(5);
      },
      { timeout: 3000, interval: 50 },
    );
    writeFileSync(file, '{ broken');
    await vi.waitFor(() => expect(errors).not.toEqual([]), { timeout: 3000 });
    expect(errors[0]).toMatch(/keeping the last good data: .*not valid JSON/);
    expect(total()).toBe(5);
    expect(await store.reload()).toBe(false);
    expect(total()).toBe(5);
  });

  test('posts show their local body images with the size read from public/ when the store loads', async () => {
    const publicDir = tempFolder('nms-public-');
    mkdirSync(path.join(publicDir, 'images/blog/a'), { recursive: true });
    await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0b3b4f' } })
      .webp()
      .toFile(path.join(publicDir, 'images/blog/a/chart-1a2b3c4d.webp'));
    const data = testStore(0);
    data.posts.push(
      testPost({ id: 1, slug: 'a', content: '![Chart](/images/blog/a/chart-1a2b3c4d.webp "Caption")\n' }),
    );
    const store = await BlogStore.open(tempStore(data), silent, { publicDir });
    cleanups.push(() => store.close());
    expect(store.index.post('a')?.html).toBe(
      '<figure><img src="/images/blog/a/chart-1a2b3c4d.webp" alt="Chart" width="900" height="600" loading="lazy" ' +
        'decoding="async"><figcaption>Caption</figcaption></figure>\n',
    );
  });

  test('a scheduled post appears when its time comes, without a reload', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00.000Z') });
    const data = testStore(1);
    data.posts.push(testPost({ id: 2, slug: 'soon', publishedAt: '2025-06-01T00:00:05.000Z' }));
    const store = await BlogStore.open(tempStore(data), silent);
    cleanups.push(() => store.close());
    const changes: number[] = [];
    store.onChange((index) => changes.push(index.version));
    expect(store.index.post('soon')).toBeUndefined();
    expect(store.index.categories[0]?.postCount).toBe(1);
    await vi.advanceTimersByTimeAsync(5_001);
    expect(store.index.post('soon')?.title).toBe('Post 2');
    expect(store.index.categories[0]?.postCount).toBe(2);
    expect(changes).toEqual([2]);
  });
});
