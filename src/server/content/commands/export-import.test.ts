import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { storeSchema, type StoreData } from '../../../lib/store-schema.ts';
import { readStore } from '../../store.server.ts';
import {
  addFile,
  fixtureStore,
  workspaceForEachTest,
  newPostFront,
  refusal,
  repoRoot,
} from '../../../../test-support/content.ts';
import { addPost } from './add.server.ts';
import { addCategory } from './categories.server.ts';
import { exportContent, importContent } from './export-import.server.ts';

const ws = workspaceForEachTest();
const add = (file: string, extra: { update?: boolean } = {}) => addFile(ws, file, extra);
const rejects = (command: () => Promise<unknown>) => refusal(ws, command);

const withoutPreviewKeys = (data: StoreData): StoreData => ({
  ...data,
  posts: data.posts.map(({ previewKey: _previewKey, ...post }) => post),
});

describe('export and import', () => {
  test('import refuses a post by an unknown author', async () => {
    await ws.file('src/categories.json', JSON.stringify(fixtureStore.categories));
    const dated = { publishedAt: '2025-01-01T00:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' };
    await ws.postFile('src/posts/a.md', newPostFront({ slug: 'a', author: 'nobody', ...dated }));
    const message = await rejects(() =>
      importContent({ dir: join(ws.dir, 'src'), dataFile: ws.dataFile, publicDir: ws.publicDir }),
    );
    expect(message).toContain('a.md: unknown author "nobody" (known: studio-team,');
  });

  test('export then import round-trips the store exactly, scheduled posts included', async () => {
    await add(
      await ws.postFile('a.md', newPostFront({ slug: 'scheduled-one', publishedAt: '2031-01-01T00:00:00.000Z' })),
    );
    await add(
      await ws.postFile(
        'b.md',
        newPostFront({ slug: 'quoted', title: 'It\'s "quoted": yes # no', summary: 'a: b # c' }),
        'Line one\n\n    code block\n\n---\n\nEnd\n',
      ),
    );
    await addCategory({ dataFile: ws.dataFile, name: 'Unused Category' });
    const original = await readStore(ws.dataFile);
    const out = join(ws.dir, 'export');
    const exported = await exportContent({ dataFile: ws.dataFile, publicDir: ws.publicDir, dir: out });
    expect(exported).toEqual({ posts: 3, categories: 3, images: 2, strayFiles: [], warnings: [] });
    expect((await readdir(join(out, 'posts'))).sort()).toEqual(['first-post.md', 'quoted.md', 'scheduled-one.md']);

    // Back into the store it came from: byte for byte, each post keeping its preview key.
    const result = await importContent({ dir: out, dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.warnings).toEqual([]);
    expect(await readStore(ws.dataFile)).toEqual(original);
    // Onto a fresh site: the same, but for the keys, which never travel in files (no old link comes back with them).
    const rebuilt = join(ws.dir, 'rebuilt', 'db.json');
    await importContent({ dir: out, dataFile: rebuilt, publicDir: ws.publicDir });
    expect(await readStore(rebuilt)).toEqual(withoutPreviewKeys(original));
  });

  test('export reports stray .md files and deletes them with clean', async () => {
    const out = join(ws.dir, 'export');
    await mkdir(join(out, 'posts'), { recursive: true });
    await writeFile(join(out, 'posts', 'old-post.md'), 'old');
    expect((await exportContent({ dataFile: ws.dataFile, publicDir: ws.publicDir, dir: out })).strayFiles).toEqual([
      join(out, 'posts', 'old-post.md'),
    ]);
    await exportContent({ dataFile: ws.dataFile, publicDir: ws.publicDir, dir: out, clean: true });
    expect(await readdir(join(out, 'posts'))).toEqual(['first-post.md']);
  });

  test('import content/ produces a store equal to data/db.json', async () => {
    const rebuilt = join(ws.dir, 'from-content.json');
    const result = await importContent({
      dir: join(repoRoot, 'content'),
      dataFile: rebuilt,
      publicDir: join(repoRoot, 'public'),
    });
    expect(result.data.posts).toHaveLength(15);
    expect(result.data.categories).toHaveLength(5);
    const committed = await readStore(join(repoRoot, 'data', 'db.json'));
    expect(await readStore(rebuilt)).toEqual(committed);
    expect(storeSchema.safeParse(committed).success).toBe(true);
  });

  test('import content/ then export gives back the seeded files byte for byte', async () => {
    const rebuilt = join(ws.dir, 'from-content.json');
    await importContent({ dir: join(repoRoot, 'content'), dataFile: rebuilt, publicDir: ws.publicDir });
    const out = join(ws.dir, 'again');
    await exportContent({ dataFile: rebuilt, publicDir: ws.publicDir, dir: out });
    const seeded = join(repoRoot, 'content');
    expect(await readFile(join(out, 'categories.json'), 'utf8')).toBe(
      await readFile(join(seeded, 'categories.json'), 'utf8'),
    );
    const names = (await readdir(join(seeded, 'posts'))).sort();
    expect((await readdir(join(out, 'posts'))).sort()).toEqual(names);
    for (const name of names) {
      expect(await readFile(join(out, 'posts', name), 'utf8'), name).toBe(
        await readFile(join(seeded, 'posts', name), 'utf8'),
      );
    }
  });

  test('import gives new ids to posts without one and warns about missing images', async () => {
    const src = join(ws.dir, 'src');
    await ws.file('src/categories.json', JSON.stringify(fixtureStore.categories));
    const dated = { publishedAt: '2025-01-01T00:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' };
    await ws.postFile('src/posts/a.md', newPostFront({ id: 5, slug: 'a', ...dated }));
    await ws.postFile('src/posts/b.md', newPostFront({ slug: 'b', ...dated, featuredImage: '/images/blog/nope.webp' }));
    const result = await importContent({ dir: src, dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.data.posts.map((p) => [p.id, p.slug])).toEqual([
      [5, 'a'],
      [6, 'b'],
    ]);
    expect(result.warnings).toEqual([
      expect.stringContaining('post "b": image "/images/blog/nope.webp" is neither in'),
    ]);
    expect(await readStore(ws.dataFile)).toEqual(result.data);
  });

  test('import rejects any bad file, lists every problem and leaves the store unchanged', async () => {
    const src = join(ws.dir, 'src');
    await ws.file('src/categories.json', JSON.stringify(fixtureStore.categories));
    const dated = { publishedAt: '2025-01-01T00:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' };
    await ws.postFile('src/posts/good.md', newPostFront({ id: 1, slug: 'good', ...dated }));
    await ws.postFile('src/posts/same-id.md', newPostFront({ id: 1, slug: 'same-id', ...dated }));
    await ws.postFile('src/posts/same-slug.md', newPostFront({ slug: 'good', ...dated }));
    await ws.postFile('src/posts/no-dates.md', newPostFront({ slug: 'no-dates' }));
    await ws.postFile('src/posts/bad-category.md', newPostFront({ slug: 'bad-category', category: 'nope', ...dated }));
    await ws.file('src/posts/broken.md', 'no front matter');
    const message = await rejects(() => importContent({ dir: src, dataFile: ws.dataFile, publicDir: ws.publicDir }));
    expect(message).toMatch(/^import from .* failed, nothing was written \(6 problems\):/);
    expect(message).toContain('bad-category.md: unknown category "nope"');
    expect(message).toContain('broken.md: no front matter');
    expect(message).toContain('no-dates.md: missing required key "publishedAt"');
    expect(message).toContain('no-dates.md: missing required key "createdAt"');
    expect(message).toContain('same-id.md: id 1 is also used by');
    expect(message).toContain('same-slug.md: slug "good" is also used by');
  });

  test('import rejects a bad categories.json or a missing posts folder and leaves the store unchanged', async () => {
    const src = join(ws.dir, 'src');
    await ws.file('src/categories.json', '[{"id": 1, "name": "X", "slug": "Bad Slug"}]');
    await ws.postFile('src/posts/a.md', newPostFront({ slug: 'a' }));
    expect(await rejects(() => importContent({ dir: src, dataFile: ws.dataFile, publicDir: ws.publicDir }))).toContain(
      'categories.json: [0].slug: must be lowercase words joined by hyphens',
    );
    await ws.file('src/categories.json', '[');
    expect(await rejects(() => importContent({ dir: src, dataFile: ws.dataFile, publicDir: ws.publicDir }))).toContain(
      'categories.json: not valid JSON',
    );
    expect(
      await rejects(() =>
        importContent({ dir: join(ws.dir, 'empty'), dataFile: ws.dataFile, publicDir: ws.publicDir }),
      ),
    ).toContain('is not a folder of .md posts');
  });

  test('export writes a draft with publishedAt: null, and import brings it back a draft', async () => {
    const file = await ws.postFile('d.md', newPostFront({ slug: 'a-draft' }));
    await addPost({ file, dataFile: ws.dataFile, publicDir: ws.publicDir, draft: true });
    const original = await readStore(ws.dataFile);
    const out = join(ws.dir, 'export');
    await exportContent({ dataFile: ws.dataFile, publicDir: ws.publicDir, dir: out });
    expect(await readFile(join(out, 'posts', 'a-draft.md'), 'utf8')).toMatch(/^publishedAt: null$/m);
    const rebuilt = join(ws.dir, 'rebuilt', 'db.json');
    await importContent({ dir: out, dataFile: rebuilt, publicDir: ws.publicDir });
    expect(await readStore(rebuilt)).toEqual(withoutPreviewKeys(original));
    expect((await readStore(rebuilt)).posts.find((p) => p.slug === 'a-draft')?.publishedAt).toBeNull();
  });
});
