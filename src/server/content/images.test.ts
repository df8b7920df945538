/** The images a post uses: hashed names, body images, removal, unused files, backups with images. */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { renderMarkdown } from '../markdown.server.ts';
import type { StoreData } from '../../lib/store-schema.ts';
import { readStore } from '../store.server.ts';
import { createTestApp } from '../../../test-support/server.ts';
import { checkStore } from './commands/check.server.ts';
import { exportContent, importContent } from './commands/export-import.server.ts';
import { removePost } from './commands/remove.server.ts';
import { ContentError } from './content-error.server.ts';
import { addFile, fixtureStore, newPostFront, workspaceForEachTest } from '../../../test-support/content.ts';

const ws = workspaceForEachTest();
const add = (file: string, extra: { update?: boolean } = {}) => addFile(ws, file, extra);

async function png(name: string, width: number, height: number, background: string): Promise<string> {
  return ws.file(
    name,
    await sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer(),
  );
}

/** Every file under public/ with its bytes: to prove a command wrote, changed or deleted nothing there. */
async function publicFiles(): Promise<Record<string, string>> {
  const entries = await readdir(ws.publicDir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files[path.slice(ws.publicDir.length)] = (await readFile(path)).toString('base64');
  }
  return files;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

const hashed = (slug: string, stem: string) => new RegExp(`^/images/blog/${slug}/${stem}-[0-9a-f]{8}\\.webp$`);

describe('image names', () => {
  test("a new post whose slug matches another post's image name never writes over that image", async () => {
    const seeded = '/images/blog/google-business-profile.webp';
    await writeFile(join(ws.publicDir, seeded), 'the seeded post image');
    const store: StoreData = {
      ...fixtureStore,
      posts: [{ ...fixtureStore.posts[0]!, slug: 'google-business-profile-newcastle', featuredImage: seeded }],
    };
    await writeFile(ws.dataFile, JSON.stringify(store));
    await png('drafts/gbp.png', 64, 48, '#c0392b');
    const file = await ws.postFile(
      'drafts/gbp.md',
      newPostFront({ title: 'Google Business Profile', featuredImage: './gbp.png' }),
    );
    const { post } = await add(file);
    expect(post.slug).toBe('google-business-profile');
    expect(post.featuredImage).toMatch(hashed('google-business-profile', 'gbp'));
    expect(await readFile(join(ws.publicDir, seeded), 'utf8')).toBe('the seeded post image');
  });

  test('add --update with a changed image gives it a new URL and leaves the old file for cached pages', async () => {
    await png('drafts/photo.png', 64, 48, '#c0392b');
    const file = await ws.postFile('drafts/p.md', newPostFront({ slug: 'photo-post', featuredImage: './photo.png' }));
    const first = (await add(file)).post.featuredImage;
    await png('drafts/photo.png', 64, 48, '#2980b9');
    const second = (await add(file, { update: true })).post.featuredImage;
    expect(second).toMatch(hashed('photo-post', 'photo'));
    expect(second).not.toBe(first);
    expect(await exists(join(ws.publicDir, first))).toBe(true);
    const check = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(check.warnings).toContain(
      `${join(ws.publicDir, first)}: no post uses this image (delete it if nothing else links to it)`,
    );
  });
});

describe('body images', () => {
  test('add converts two local body images, keeps the remote one, and rewrites the markdown', async () => {
    await png('drafts/img/chart.png', 1600, 900, '#16a085');
    await png('drafts/team photo.jpg'.replace('.jpg', '.png'), 640, 480, '#8e44ad');
    const body = [
      'Intro.',
      '',
      '![Monthly calls](./img/chart.png "Calls doubled in May")',
      '',
      '![The team](<team photo.png>)',
      '',
      '![Remote](https://images.example-cdn.com/team.jpg)',
      '',
      '```',
      '![not an image](./nowhere.png)',
      '```',
    ].join('\n');
    const file = await ws.postFile('drafts/post.md', newPostFront({ slug: 'with-images' }), body);
    const result = await add(file);
    const content = result.post.content;
    const [chart, team] = result.bodyImages.map((image) => image.reference);
    expect(result.bodyImages.map((image) => image.source)).toEqual(['./img/chart.png', 'team photo.png']);
    expect(chart).toMatch(hashed('with-images', 'chart'));
    expect(team).toMatch(hashed('with-images', 'team-photo'));
    expect(content).toBe(
      [
        'Intro.',
        '',
        `![Monthly calls](${chart} "Calls doubled in May")`,
        '',
        `![The team](${team})`,
        '',
        '![Remote](https://images.example-cdn.com/team.jpg)',
        '',
        '```',
        '![not an image](./nowhere.png)',
        '```',
      ].join('\n'),
    );
    expect((await readStore(ws.dataFile)).posts.find((p) => p.slug === 'with-images')?.content).toBe(content);

    // Width-limited, not cropped; copies only where the image is that wide.
    const chartMeta = await sharp(join(ws.publicDir, chart!)).metadata();
    expect([chartMeta.format, chartMeta.width, chartMeta.height]).toEqual(['webp', 1200, 675]);
    const teamMeta = await sharp(join(ws.publicDir, team!)).metadata();
    expect([teamMeta.width, teamMeta.height]).toEqual([640, 480]);
    const folder = (await readdir(join(ws.publicDir, 'images', 'blog', 'with-images'))).sort();
    const name = (reference: string) => reference.split('/').pop()!.replace('.webp', '');
    expect(folder).toEqual(
      [
        `${name(chart!)}-480.webp`,
        `${name(chart!)}-800.webp`,
        `${name(chart!)}.webp`,
        `${name(team!)}-480.webp`,
        `${name(team!)}.webp`,
      ].sort(),
    );

    const html = renderMarkdown(content);
    expect(html).toContain(`src="${chart}"`);
    expect(html).toContain('alt="Monthly calls"');
    expect(html).toContain('Calls doubled in May');
    expect(html).toContain(`src="${team}"`);
    expect(html).toContain('src="https://images.example-cdn.com/team.jpg"');
    expect(html).not.toContain('img/chart.png');
    expect((await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir })).problems).toEqual([]);
  });

  test('a missing local image, or an http:, javascript: or data: image, refuses the post and writes nothing', async () => {
    await png('drafts/chart.png', 100, 50, '#16a085');
    const storeBefore = await ws.storeBytes();
    const filesBefore = await publicFiles();
    const body = [
      '![Chart](./chart.png)',
      '![Gone](./missing.png)',
      '![Plain](http://example.com/a.png)',
      '![Script](javascript:alert(1))',
      '![Inline](data:image/png;base64,AAAA)',
    ].join('\n\n');
    const file = await ws.postFile('drafts/bad.md', newPostFront({ slug: 'bad-images' }), body);
    let failure: unknown;
    await add(file).catch((error: unknown) => (failure = error));
    expect(failure).toBeInstanceOf(ContentError);
    const message = (failure as Error).message;
    expect(message).toContain(`${file} (4 problems):`);
    expect(message).toContain('image "./missing.png" does not exist');
    expect(message).toContain(
      'image "http://example.com/a.png" uses http:, which browsers block on an https page; use https://',
    );
    expect(message).toContain('image "javascript:alert(1)" uses javascript:, which is never allowed for an image');
    expect(message).toContain('image "data:image/png;base64,AAAA" uses data:, which is never allowed for an image');
    // The same store, but for the posts' preview keys, which never leave it: a restored post's old links stay ended.
    const withoutPreviewKeys = (bytes: Buffer) =>
      JSON.stringify(
        JSON.parse(bytes.toString('utf8'), (key, value: unknown) => (key === 'previewKey' ? undefined : value)),
      );
    expect(withoutPreviewKeys(await ws.storeBytes())).toBe(withoutPreviewKeys(storeBefore));
    expect(await publicFiles()).toEqual(filesBefore);
  });

  test('an https featured image is stored as it is; an http one is refused', async () => {
    const url = 'https://images.example-cdn.com/cover.jpg';
    const { post } = await add(await ws.postFile('u.md', newPostFront({ slug: 'cdn', featuredImage: url })));
    expect(post.featuredImage).toBe(url);
    const http = await ws.postFile('h.md', newPostFront({ slug: 'plain', featuredImage: 'http://x.example/a.jpg' }));
    await expect(add(http)).rejects.toThrow('featuredImage "http://x.example/a.jpg" uses http:');
  });
});

describe('remove and check', () => {
  test('remove deletes the images only that post used, with their copies, and keeps shared ones', async () => {
    await png('a/cover.png', 64, 48, '#c0392b');
    await png('a/chart.png', 900, 400, '#16a085');
    const a = await add(
      await ws.postFile('a/a.md', newPostFront({ slug: 'post-a', featuredImage: './cover.png' }), '![C](./chart.png)'),
    );
    const chart = a.bodyImages[0]!.reference;
    // Post b shows post a's chart too, and the seeded image first.webp that first-post uses.
    await add(
      await ws.postFile(
        'b.md',
        newPostFront({ slug: 'post-b', featuredImage: '/images/blog/first.webp' }),
        `See ![the chart](${chart}).`,
      ),
    );
    const removed = await removePost({ dataFile: ws.dataFile, publicDir: ws.publicDir, slug: 'post-a' });
    const cover = join(ws.publicDir, a.post.featuredImage);
    expect(removed.deletedImages.sort()).toEqual(
      [cover, cover.replace('.webp', '-480.webp'), cover.replace('.webp', '-800.webp')].sort(),
    );
    expect(await exists(join(ws.publicDir, chart))).toBe(true);
    expect(await exists(join(ws.publicDir, chart.replace('.webp', '-480.webp')))).toBe(true);

    await removePost({ dataFile: ws.dataFile, publicDir: ws.publicDir, slug: 'post-b' });
    expect(await exists(join(ws.publicDir, 'images', 'blog', 'post-a'))).toBe(false);
    expect(await exists(join(ws.publicDir, 'images', 'blog', 'first.webp'))).toBe(true); // first-post uses it
    await removePost({ dataFile: ws.dataFile, publicDir: ws.publicDir, slug: 'first-post' });
    expect(await exists(join(ws.publicDir, 'images', 'blog', 'first.webp'))).toBe(false);
    expect(await exists(join(ws.publicDir, 'images', 'blog', 'existing.webp'))).toBe(true); // no post used it
  });

  test('check warns about images no post uses (once per image, copies folded in) without failing', async () => {
    await writeFile(join(ws.publicDir, 'images', 'blog', 'first-480.webp'), 'copy of a used image');
    await writeFile(join(ws.publicDir, 'images', 'blog', 'existing-480.webp'), 'copy of an unused image');
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      `${join(ws.publicDir, '/images/blog/existing.webp')}: no post uses this image (delete it if nothing else links to it)`,
    ]);
  });

  test('check reports an https image it cannot reach as a warning only, quickly', async () => {
    const url = 'https://127.0.0.1:1/cover.webp';
    const store = { ...fixtureStore, posts: [{ ...fixtureStore.posts[0]!, featuredImage: url }] };
    await writeFile(ws.dataFile, JSON.stringify(store));
    const started = Date.now();
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.ok).toBe(true);
    expect(result.warnings).toContainEqual(
      expect.stringMatching(
        /^post "first-post": featuredImage https:\/\/127\.0\.0\.1:1\/cover\.webp could not be reached/,
      ),
    );
  });
});

describe('backups', () => {
  test('export, wipe the store and public/images/blog, import: the same store bytes, image files and pages', async () => {
    await rm(join(ws.publicDir, 'images', 'blog', 'existing.webp')); // a backup holds the images posts use
    await png('d/cover.png', 64, 48, '#c0392b');
    await png('d/chart.png', 1000, 500, '#16a085');
    await png('d/map.png', 300, 200, '#2c3e50');
    await add(
      await ws.postFile(
        'd/post.md',
        newPostFront({ slug: 'full-post', featuredImage: './cover.png', publishedAt: '2025-05-01T09:00:00.000Z' }),
        '![Chart](./chart.png "Caption")\n\n![Map](./map.png)\n\n![Remote](https://images.example-cdn.com/a.jpg)',
      ),
    );
    await add(
      await ws.postFile(
        'd/url.md',
        newPostFront({ slug: 'url-post', featuredImage: 'https://images.example-cdn.com/b.jpg' }),
      ),
    );
    const storeBefore = await ws.storeBytes();
    const filesBefore = await publicFiles();
    const pages = async () => {
      const app = await createTestApp({ file: ws.dataFile });
      try {
        const paths = ['/blog', '/blog/full-post', '/blog/url-post', '/blog/first-post'];
        return await Promise.all(paths.map(async (path) => (await request(app.app).get(path).expect(200)).text));
      } finally {
        await app.close();
      }
    };
    const pagesBefore = await pages();

    const backup = join(ws.dir, 'backup');
    const exported = await exportContent({ dataFile: ws.dataFile, publicDir: ws.publicDir, dir: backup });
    expect(exported.warnings).toEqual([]);
    expect(exported.images).toBe(Object.keys(filesBefore).length);

    await rm(ws.dataFile);
    await rm(join(ws.publicDir, 'images', 'blog'), { recursive: true });
    const imported = await importContent({ dir: backup, dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(imported.warnings).toEqual([]);
    // The same store, but for the posts' preview keys, which never leave it: a restored post's old links stay ended.
    const withoutPreviewKeys = (bytes: Buffer) =>
      JSON.stringify(
        JSON.parse(bytes.toString('utf8'), (key, value: unknown) => (key === 'previewKey' ? undefined : value)),
      );
    expect(withoutPreviewKeys(await ws.storeBytes())).toBe(withoutPreviewKeys(storeBefore));
    expect(await publicFiles()).toEqual(filesBefore);
    expect(await pages()).toEqual(pagesBefore);
  }, 60_000);

  test('import never replaces an image that exists with other bytes, and then writes nothing', async () => {
    const backup = join(ws.dir, 'backup');
    await exportContent({ dataFile: ws.dataFile, publicDir: ws.publicDir, dir: backup });
    await writeFile(join(ws.publicDir, 'images', 'blog', 'first.webp'), 'changed since the backup');
    const storeBefore = await ws.storeBytes();
    await expect(importContent({ dir: backup, dataFile: ws.dataFile, publicDir: ws.publicDir })).rejects.toThrow(
      'already exists with other bytes; import never replaces an image',
    );
    // The same store, but for the posts' preview keys, which never leave it: a restored post's old links stay ended.
    const withoutPreviewKeys = (bytes: Buffer) =>
      JSON.stringify(
        JSON.parse(bytes.toString('utf8'), (key, value: unknown) => (key === 'previewKey' ? undefined : value)),
      );
    expect(withoutPreviewKeys(await ws.storeBytes())).toBe(withoutPreviewKeys(storeBefore));
    expect(await readFile(join(ws.publicDir, 'images', 'blog', 'first.webp'), 'utf8')).toBe('changed since the backup');
  });
});
