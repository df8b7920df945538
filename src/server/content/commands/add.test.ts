import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test, vi } from 'vitest';
import type { StoreData } from '../../../lib/store-schema.ts';
import { readStore } from '../../store.server.ts';
import {
  atTestNow,
  addFile,
  fixtureStore,
  workspaceForEachTest,
  newPostFront,
  refusal,
  testNow as now,
} from '../../../../test-support/content.ts';
import { addPost } from './add.server.ts';
import { checkStore } from './check.server.ts';
import { listPosts } from './list.server.ts';

const ws = workspaceForEachTest();
atTestNow();
const add = (file: string, extra: { update?: boolean } = {}) => addFile(ws, file, extra);
const rejects = (command: () => Promise<unknown>) => refusal(ws, command);

async function blogImages(): Promise<string[]> {
  return (await readdir(join(ws.publicDir, 'images', 'blog'))).sort();
}

describe('add', () => {
  test('add imports a post with defaults: derived slug, next id, studio-team, now', async () => {
    const file = await ws.postFile('drafts/winter.md', newPostFront());
    const result = await add(file);
    expect(result.action).toBe('added');
    expect(result.state).toBe('published');
    const data = await readStore(ws.dataFile);
    expect(data.posts).toHaveLength(2);
    expect(data.posts[1]).toEqual({
      id: 2,
      slug: 'winter-menu-ideas-for-newcastle-cafes',
      title: 'Winter Menu Ideas for Newcastle Cafes',
      summary: 'Five warm specials that bring regulars back on cold mornings.',
      content: 'Some **markdown** text.\n\n## A heading\n\nMore text.',
      featuredImage: '/images/blog/existing.webp',
      categoryId: 2,
      author: 'studio-team',
      publishedAt: now.toISOString(),
      createdAt: now.toISOString(),
      previewKey: expect.stringMatching(/^[\w-]{22}$/),
    });
    expect(data.posts[0]).toEqual(fixtureStore.posts[0]);
  });

  test('add writes the contract key order with 2-space indentation and a final newline', async () => {
    await add(await ws.postFile('p.md', newPostFront({ slug: 'ordered' })));
    const text = await readFile(ws.dataFile, 'utf8');
    const data = JSON.parse(text) as StoreData;
    expect(text).toBe(`${JSON.stringify(data, null, 2)}\n`);
    expect(Object.keys(data)).toEqual(['categories', 'posts']);
    expect(Object.keys(data.categories[0] ?? {})).toEqual(['id', 'name', 'slug']);
    for (const post of data.posts) {
      expect(Object.keys(post)).toEqual([
        'id',
        'slug',
        'title',
        'summary',
        'content',
        'featuredImage',
        'categoryId',
        'author',
        'publishedAt',
        'createdAt',
        // The fixture's post was stored before preview keys existed.
        ...(post.slug === 'ordered' ? ['previewKey'] : []),
      ]);
    }
  });

  test('add matches the category by slug or name, ignoring case', async () => {
    await add(await ws.postFile('a.md', newPostFront({ slug: 'by-name', category: 'local seo' })));
    await add(await ws.postFile('b.md', newPostFront({ slug: 'by-slug', category: 'EMAIL-MARKETING' })));
    const data = await readStore(ws.dataFile);
    expect(data.posts.find((p) => p.slug === 'by-name')?.categoryId).toBe(1);
    expect(data.posts.find((p) => p.slug === 'by-slug')?.categoryId).toBe(2);
  });

  test('add keeps the given slug, author, dates and a free id', async () => {
    const front = newPostFront({
      id: 40,
      slug: 'my-slug',
      author: 'james-nguyen',
      publishedAt: '2025-05-20T08:30:00+10:00',
      createdAt: '2025-05-01T09:00:00.000Z',
    });
    const { post } = await add(await ws.postFile('p.md', front));
    expect(post).toMatchObject({
      id: 40,
      slug: 'my-slug',
      author: 'james-nguyen',
      publishedAt: '2025-05-20T08:30:00+10:00',
      createdAt: '2025-05-01T09:00:00.000Z',
    });
    const next = await add(await ws.postFile('q.md', newPostFront({ slug: 'after' })));
    expect(next.post.id).toBe(41);
  });

  test('add schedules a post with a future publishedAt: stored and listed as scheduled', async () => {
    const file = await ws.postFile('s.md', newPostFront({ slug: 'later', publishedAt: '2025-07-01T09:00:00.000Z' }));
    const result = await add(file);
    expect(result.state).toBe('scheduled');
    const listed = await listPosts({ dataFile: ws.dataFile });
    expect(listed.map((p) => [p.slug, p.state])).toEqual([
      ['later', 'scheduled'],
      ['first-post', 'published'],
    ]);
    vi.setSystemTime(new Date('2025-07-02T00:00:00.000Z'));
    const afterwards = await listPosts({ dataFile: ws.dataFile });
    expect(afterwards[0]?.state).toBe('published');
  });

  test("add converts a local image to a 1200×630 WebP with a content-hashed name in the post's folder", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    await ws.file('drafts/photo.png', png);
    const file = await ws.postFile(
      'drafts/photo-post.md',
      newPostFront({ slug: 'photo-post', featuredImage: './photo.png' }),
    );
    const result = await add(file);
    expect(result.post.featuredImage).toMatch(/^\/images\/blog\/photo-post\/photo-[0-9a-f]{8}\.webp$/);
    const output = join(ws.publicDir, result.post.featuredImage);
    expect(result.imageFile).toBe(output);
    const bytes = await readFile(output);
    expect(result.post.featuredImage).toContain(createHash('sha256').update(bytes).digest('hex').slice(0, 8));
    const meta = await sharp(output).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 630]);
    // With the smaller copies the pages' srcset names, so the post needs no rebuild.
    for (const width of [480, 800]) {
      const copy = await sharp(output.replace(/\.webp$/, `-${width}.webp`)).metadata();
      expect([copy.format, copy.width]).toEqual(['webp', width]);
    }
    expect((await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir })).ok).toBe(true);
  });

  test('add converts an SVG image too', async () => {
    await ws.file(
      'art/logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#1d4ed8"/></svg>',
    );
    const file = await ws.postFile('post.md', newPostFront({ slug: 'svg-post', featuredImage: 'art/logo.svg' }));
    const { post } = await add(file);
    expect(post.featuredImage).toMatch(/^\/images\/blog\/svg-post\/logo-[0-9a-f]{8}\.webp$/);
    const meta = await sharp(join(ws.publicDir, post.featuredImage)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 630]);
  });

  test('add --update replaces the post with that slug, keeping its id, createdAt and publishedAt', async () => {
    const file = await ws.postFile(
      'u.md',
      newPostFront({ slug: 'first-post', title: 'First Post, Revised', category: 'Local SEO' }),
    );
    const result = await add(file, { update: true });
    expect(result.action).toBe('updated');
    const data = await readStore(ws.dataFile);
    expect(data.posts).toHaveLength(1);
    expect(data.posts[0]).toMatchObject({
      id: 1,
      slug: 'first-post',
      title: 'First Post, Revised',
      author: 'sarah-mitchell',
      createdAt: '2025-01-01T09:00:00.000Z',
      publishedAt: '2025-01-07T09:00:00.000Z',
      featuredImage: '/images/blog/existing.webp',
    });
  });

  test('add --update takes the dates and a free id when the front matter gives them', async () => {
    const front = newPostFront({
      id: 9,
      slug: 'first-post',
      publishedAt: '2026-01-01T00:00:00.000Z',
      createdAt: '2024-12-01T00:00:00.000Z',
    });
    const result = await add(await ws.postFile('u.md', front), { update: true });
    expect(result.post).toMatchObject({
      id: 9,
      publishedAt: '2026-01-01T00:00:00.000Z',
      createdAt: '2024-12-01T00:00:00.000Z',
    });
    expect(result.state).toBe('scheduled');
  });

  test('add gives each post a preview key of its own; --update keeps it unless it takes a public post back', async () => {
    const keyOf = async (slug: string) => (await readStore(ws.dataFile)).posts.find((p) => p.slug === slug)?.previewKey;
    const draft = await ws.postFile('d.md', newPostFront({ slug: 'in-review' }));
    await addPost({ file: draft, dataFile: ws.dataFile, publicDir: ws.publicDir, draft: true });
    const key = await keyOf('in-review');
    await add(await ws.postFile('o.md', newPostFront({ slug: 'other' })));
    expect(await keyOf('other')).not.toBe(key);
    // Revised, scheduled, published: the same post, the links made for its review keep working.
    await addPost({ file: draft, dataFile: ws.dataFile, publicDir: ws.publicDir, draft: true, update: true });
    expect(await keyOf('in-review')).toBe(key);
    const at = (publishedAt: string) => ws.postFile('d.md', newPostFront({ slug: 'in-review', publishedAt }));
    await add(await at('2099-01-01T00:00:00.000Z'), { update: true });
    expect(await keyOf('in-review')).toBe(key);
    await add(await at('2025-05-01T00:00:00.000Z'), { update: true });
    expect(await keyOf('in-review')).toBe(key);
    // Taken back out of view (a draft or a future time again): the links made before it went public end.
    await addPost({ file: draft, dataFile: ws.dataFile, publicDir: ws.publicDir, draft: true, update: true });
    const unpublished = await keyOf('in-review');
    expect(unpublished).toMatch(/^[\w-]{22}$/);
    expect(unpublished).not.toBe(key);
    await add(await at('2025-05-01T00:00:00.000Z'), { update: true });
    await add(await at('2099-01-01T00:00:00.000Z'), { update: true });
    expect(await keyOf('in-review')).not.toBe(unpublished);
    // A post stored before keys existed gets one when updated.
    await add(await ws.postFile('f.md', newPostFront({ slug: 'first-post' })), { update: true });
    expect(await keyOf('first-post')).toMatch(/^[\w-]{22}$/);
  });

  test('add --update rejects an unknown slug and leaves the store unchanged', async () => {
    const file = await ws.postFile('u.md', newPostFront({ slug: 'no-such-post' }));
    expect(await rejects(() => add(file, { update: true }))).toContain('there is no post with slug "no-such-post"');
  });

  test('add rejects a duplicate slug and leaves the store unchanged', async () => {
    const file = await ws.postFile('d.md', newPostFront({ slug: 'first-post' }));
    expect(await rejects(() => add(file))).toBe(
      `${file}: a post with slug "first-post" already exists (id 1); use --update to replace it`,
    );
  });

  test('add rejects a duplicate derived slug and leaves the store unchanged', async () => {
    const file = await ws.postFile('d.md', newPostFront({ title: 'First Post!' }));
    expect(await rejects(() => add(file))).toContain('a post with slug "first-post" already exists');
  });

  test('add rejects an id used by another post and leaves the store unchanged', async () => {
    const file = await ws.postFile('i.md', newPostFront({ id: 1 }));
    expect(await rejects(() => add(file))).toContain('id 1 is already used by post "first-post"');
  });

  test('add rejects bad front matter, naming the key, and leaves the store unchanged', async () => {
    const { title: _title, ...front } = newPostFront();
    const missing = await ws.postFile('m.md', front);
    expect(await rejects(() => add(missing))).toBe(`${missing}: bad front matter: missing required key "title"`);
    const extra = await ws.postFile('e.md', newPostFront({ tags: 'seo' }));
    expect(await rejects(() => add(extra))).toContain('unknown key "tags"');
    const badSlug = await ws.postFile('s.md', newPostFront({ slug: 'Not A Slug' }));
    expect(await rejects(() => add(badSlug))).toContain('"slug": must be lowercase words joined by hyphens');
    const empty = await ws.postFile('b.md', newPostFront({ summary: '   ' }));
    expect(await rejects(() => add(empty))).toContain('"summary"');
  });

  test('add refuses control characters in a post’s text, naming the key and the character, and leaves the store unchanged', async () => {
    // YAML's double-quoted "\0" and "\e" are a NUL and an escape: neither may reach the page.
    const nul = await ws.postFile('n.md', newPostFront({ title: 'Winter\u0000 menus' }));
    expect(await rejects(() => add(nul))).toContain(
      '"title": must not contain control characters (U+0000 at character 7): remove it',
    );
    const escape = await ws.postFile('x.md', newPostFront({ summary: 'Warm \u001b[31mspecials' }));
    expect(await rejects(() => add(escape))).toContain('"summary": must not contain control characters (U+001B');
    const body = await ws.postFile('b.md', newPostFront(), 'Some text\u0000 here.\n\n\tTabs and lines are fine.');
    expect(await rejects(() => add(body))).toContain('must not contain control characters (U+0000 at character 10)');
  });

  test('add rejects an unknown category and leaves the store unchanged', async () => {
    const file = await ws.postFile('c.md', newPostFront({ category: 'Branding' }));
    expect(await rejects(() => add(file))).toBe(
      `${file}: unknown category "Branding" (known: local-seo ("Local SEO"), email-marketing ("Email Marketing"); ` +
        'add one with: npm run content -- categories add <name>)',
    );
  });

  test('add rejects a missing image under public/ and leaves the store unchanged', async () => {
    const file = await ws.postFile('i.md', newPostFront({ featuredImage: '/images/blog/missing.webp' }));
    expect(await rejects(() => add(file))).toContain('featuredImage "/images/blog/missing.webp" does not exist');
    const outside = await ws.postFile('o.md', newPostFront({ featuredImage: '/images/../../secret.webp' }));
    expect(await rejects(() => add(outside))).toContain('must not contain "." or ".." segments');
  });

  test('add rejects a missing or unreadable local image, writes no image and leaves the store unchanged', async () => {
    const images = await blogImages();
    const missing = await ws.postFile('m.md', newPostFront({ featuredImage: './nope.png' }));
    expect(await rejects(() => add(missing))).toContain('featuredImage "./nope.png" does not exist');
    await ws.file('fake.png', 'not really a png');
    const fake = await ws.postFile('f.md', newPostFront({ featuredImage: './fake.png' }));
    expect(await rejects(() => add(fake))).toContain('featuredImage "./fake.png" could not be converted');
    await ws.file('notes.txt', 'text');
    const text = await ws.postFile('t.md', newPostFront({ featuredImage: 'notes.txt' }));
    expect(await rejects(() => add(text))).toContain('is not an image file this command converts');
    expect(await blogImages()).toEqual(images);
  });

  test('add rejects a duplicate slug before writing its converted image', async () => {
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toFile(join(ws.dir, 'x.png'));
    const file = await ws.postFile('d.md', newPostFront({ slug: 'first-post', featuredImage: './x.png' }));
    await rejects(() => add(file));
    expect(await blogImages()).toEqual(['existing.webp', 'first.webp']);
  });

  test('add rejects an invalid date and leaves the store unchanged', async () => {
    const file = await ws.postFile('d.md', newPostFront({ publishedAt: '2025-13-01T09:00:00Z' }));
    expect(await rejects(() => add(file))).toBe(
      `${file}: bad front matter: "publishedAt": "2025-13-01T09:00:00Z" is not a real date: there is no month 13`,
    );
    const unquoted = await ws.file(
      'u.md',
      '---\ntitle: T\nsummary: S\ncategory: local-seo\nfeaturedImage: /images/blog/first.webp\ncreatedAt: 2025-02-29T10:00:00Z\n---\n\nBody\n',
    );
    expect(await rejects(() => add(unquoted))).toContain(
      '"createdAt": "2025-02-29T10:00:00Z" is not a real date: February 2025 has 28 days',
    );
  });

  test('add rejects a bad store file and leaves it unchanged', async () => {
    const file = await ws.postFile('p.md', newPostFront());
    await writeFile(ws.dataFile, '{"categories": [], "posts": [');
    expect(await rejects(() => add(file))).toMatch(/db\.json: not valid JSON/);
    await writeFile(ws.dataFile, JSON.stringify({ ...fixtureStore, extra: true }));
    expect(await rejects(() => add(file))).toMatch(/db\.json: .*extra/);
    await writeFile(ws.dataFile, JSON.stringify({ categories: fixtureStore.categories, posts: [{ id: 1 }] }));
    expect(await rejects(() => add(file))).toMatch(/db\.json: posts\[0\]/);
  });

  test('add rejects a missing store file and creates nothing', async () => {
    const file = await ws.postFile('p.md', newPostFront());
    const dataFile = join(ws.dir, 'data', 'missing.json');
    await expect(addPost({ file, dataFile, publicDir: ws.publicDir })).rejects.toThrow(
      `${dataFile}: file not found (create it with: npm run content -- import content/)`,
    );
    await expect(stat(dataFile)).rejects.toThrow();
  });

  test('add rejects a missing markdown file and leaves the store unchanged', async () => {
    const file = join(ws.dir, 'nope.md');
    expect(await rejects(() => add(file))).toBe(`${file}: file not found`);
  });

  test('add refuses an unknown author, listing the known ones, and leaves the store unchanged', async () => {
    const file = await ws.postFile('a.md', newPostFront({ author: 'jess-nguyen' }));
    expect(await rejects(() => add(file))).toBe(
      `${file}: unknown author "jess-nguyen" (known: studio-team, sarah-mitchell, james-nguyen; ` +
        'a new writer is added in src/content/authors.ts)',
    );
  });
});
