import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { storeSchema, type StoreData } from '../store-schema.ts';
import { readStore } from '../store.server.ts';
import {
  addCategory,
  addPost,
  checkStore,
  ContentError,
  exportContent,
  importContent,
  listCategories,
  listPosts,
  removeCategory,
  removePost,
  renameCategory,
} from './commands.server.ts';
import { staleLockMs } from '../files/file-lock.server.ts';
import { lockNotices, withStoreLock } from './content-store.server.ts';
import { fixtureStore, makeWorkspace, newPostFront, repoRoot, type Workspace } from './test-fixtures.ts';

const now = new Date('2025-06-01T00:00:00.000Z');
let ws: Workspace;

beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(async () => {
  lockNotices.report = () => undefined;
  await ws.cleanup();
});

function add(file: string, extra: { update?: boolean } = {}) {
  return addPost({ file, dataFile: ws.dataFile, publicDir: ws.publicDir, now, ...extra });
}

/** Runs a command that must fail; checks the store's bytes did not change and returns the message. */
async function rejects(command: () => Promise<unknown>): Promise<string> {
  const before = await ws.storeBytes();
  let failure: unknown;
  try {
    await command();
  } catch (error) {
    failure = error;
  }
  expect(failure, 'the command should have failed').toBeInstanceOf(ContentError);
  expect((await ws.storeBytes()).equals(before), 'the store changed').toBe(true);
  return (failure as Error).message;
}

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
    const listed = await listPosts({ dataFile: ws.dataFile, now });
    expect(listed.map((p) => [p.slug, p.state])).toEqual([
      ['later', 'scheduled'],
      ['first-post', 'published'],
    ]);
    const afterwards = await listPosts({ dataFile: ws.dataFile, now: new Date('2025-07-02T00:00:00.000Z') });
    expect(afterwards[0]?.state).toBe('published');
  });

  test('add converts a local image to a 1200×630 WebP with a content-hashed name in the post\'s folder', async () => {
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
    expect(notices).toEqual([expect.stringMatching(/^taking over the lock on .*db\.json .*its command no longer runs$/)]);
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

describe('list, remove, categories', () => {
  test('list shows every post newest first with its category slug and state', async () => {
    await add(await ws.postFile('a.md', newPostFront({ slug: 'older', publishedAt: '2024-01-01T00:00:00.000Z' })));
    await add(await ws.postFile('b.md', newPostFront({ slug: 'future', publishedAt: '2030-01-01T00:00:00.000Z' })));
    expect(await listPosts({ dataFile: ws.dataFile, now })).toEqual([
      {
        id: 3,
        slug: 'future',
        title: newPostFront().title,
        category: 'email-marketing',
        publishedAt: '2030-01-01T00:00:00.000Z',
        state: 'scheduled',
      },
      {
        id: 1,
        slug: 'first-post',
        title: 'First Post',
        category: 'local-seo',
        publishedAt: '2025-01-07T09:00:00.000Z',
        state: 'published',
      },
      {
        id: 2,
        slug: 'older',
        title: newPostFront().title,
        category: 'email-marketing',
        publishedAt: '2024-01-01T00:00:00.000Z',
        state: 'published',
      },
    ]);
  });

  test('remove deletes the post with that slug', async () => {
    const removed = await removePost({ dataFile: ws.dataFile, publicDir: ws.publicDir, slug: 'first-post' });
    expect(removed.post.id).toBe(1);
    expect((await readStore(ws.dataFile)).posts).toEqual([]);
  });

  test('remove rejects an unknown slug and leaves the store unchanged', async () => {
    expect(await rejects(() => removePost({ dataFile: ws.dataFile, publicDir: ws.publicDir, slug: 'nope' }))).toBe(
      'no post with slug "nope" (see: npm run content -- list)',
    );
  });

  test('categories add derives the slug from the name and takes the next id', async () => {
    const category = await addCategory({ dataFile: ws.dataFile, name: 'Brand & Design' });
    expect(category).toEqual({ id: 3, name: 'Brand & Design', slug: 'brand-and-design' });
    const custom = await addCategory({ dataFile: ws.dataFile, name: 'Video', slug: 'video-content' });
    expect(custom).toEqual({ id: 4, name: 'Video', slug: 'video-content' });
    expect((await listCategories({ dataFile: ws.dataFile })).map((c) => [c.slug, c.posts])).toEqual([
      ['local-seo', 1],
      ['email-marketing', 0],
      ['brand-and-design', 0],
      ['video-content', 0],
    ]);
    const post = await add(await ws.postFile('p.md', newPostFront({ category: 'brand and design' })));
    expect(post.category.id).toBe(3);
  });

  test('categories add rejects a duplicate slug or name and leaves the store unchanged', async () => {
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: 'Local SEO!' }))).toBe(
      'a category with slug "local-seo" already exists ("Local SEO")',
    );
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: 'email marketing', slug: 'emails' }))).toBe(
      'a category named "Email Marketing" already exists (slug email-marketing)',
    );
  });

  test('categories add rejects a bad slug or an empty name and leaves the store unchanged', async () => {
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: 'Video', slug: 'Video Stuff' }))).toContain(
      'must be lowercase words joined by hyphens',
    );
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: '   ' }))).toBe('the category name is empty');
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: '???' }))).toContain('give one with --slug');
  });
});

describe('authors and categories', () => {
  test('add refuses an unknown author, listing the known ones, and leaves the store unchanged', async () => {
    const file = await ws.postFile('a.md', newPostFront({ author: 'jess-nguyen' }));
    expect(await rejects(() => add(file))).toBe(
      `${file}: unknown author "jess-nguyen" (known: studio-team, sarah-mitchell, james-nguyen; ` +
        'a new writer is added in src/content/authors.ts)',
    );
  });

  test('import refuses a post by an unknown author', async () => {
    await ws.file('src/categories.json', JSON.stringify(fixtureStore.categories));
    const dated = { publishedAt: '2025-01-01T00:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' };
    await ws.postFile('src/posts/a.md', newPostFront({ slug: 'a', author: 'nobody', ...dated }));
    const message = await rejects(() =>
      importContent({ dir: join(ws.dir, 'src'), dataFile: ws.dataFile, publicDir: ws.publicDir }),
    );
    expect(message).toContain('a.md: unknown author "nobody" (known: studio-team,');
  });

  test('categories rename changes the name and keeps the slug unless given one', async () => {
    const renamed = await renameCategory({ dataFile: ws.dataFile, slug: 'local-seo', name: 'Local Search' });
    expect(renamed.after).toEqual({ id: 1, name: 'Local Search', slug: 'local-seo' });
    await renameCategory({ dataFile: ws.dataFile, slug: 'local-seo', name: 'Local Search', newSlug: 'local-search' });
    const data = await readStore(ws.dataFile);
    expect(data.categories[0]).toEqual({ id: 1, name: 'Local Search', slug: 'local-search' });
    expect(data.posts[0]?.categoryId).toBe(1);
  });

  test('categories rename refuses an unknown slug, a taken name or slug, and leaves the store unchanged', async () => {
    expect(await rejects(() => renameCategory({ dataFile: ws.dataFile, slug: 'nope', name: 'X' }))).toBe(
      'no category with slug "nope" (known: local-seo, email-marketing)',
    );
    expect(
      await rejects(() => renameCategory({ dataFile: ws.dataFile, slug: 'local-seo', name: 'email marketing' })),
    ).toBe('a category named "Email Marketing" already exists (slug email-marketing)');
    expect(
      await rejects(() =>
        renameCategory({ dataFile: ws.dataFile, slug: 'local-seo', name: 'X', newSlug: 'email-marketing' }),
      ),
    ).toBe('a category with slug "email-marketing" already exists ("Email Marketing")');
  });

  test('categories remove deletes an unused category and refuses one that posts use, naming them', async () => {
    expect(await rejects(() => removeCategory({ dataFile: ws.dataFile, slug: 'local-seo' }))).toBe(
      'category "local-seo" is used by 1 post: first-post (move them to another category with add --update, ' +
        'or remove them, first)',
    );
    expect(await removeCategory({ dataFile: ws.dataFile, slug: 'email-marketing' })).toEqual(
      fixtureStore.categories[1],
    );
    expect((await readStore(ws.dataFile)).categories.map((c) => c.slug)).toEqual(['local-seo']);
  });
});

describe('check', () => {
  test('check passes a valid store whose images all exist, with a summary', async () => {
    await add(await ws.postFile('s.md', newPostFront({ publishedAt: '2030-01-01T00:00:00.000Z' })));
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir, now });
    expect(result).toEqual({
      ok: true,
      problems: [],
      warnings: [],
      summary: `${ws.dataFile}: 2 posts (1 published, 1 scheduled), 2 categories, 2 featured images found`,
    });
  });

  test('check lists every problem: schema errors and missing images', async () => {
    const broken = {
      categories: fixtureStore.categories,
      posts: [
        { ...fixtureStore.posts[0], featuredImage: '/images/blog/gone.webp' },
        { ...fixtureStore.posts[0], id: 2, slug: 'Bad Slug', categoryId: 9, featuredImage: '/images/blog/first.webp' },
      ],
    };
    await writeFile(ws.dataFile, JSON.stringify(broken));
    const before = await ws.storeBytes();
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      'posts[1].slug: must be lowercase words joined by hyphens',
      'posts[1].categoryId: post "Bad Slug" names unknown category 9',
      expect.stringContaining('post "first-post": featuredImage "/images/blog/gone.webp" does not exist'),
    ]);
    expect((await ws.storeBytes()).equals(before)).toBe(true);
  });

  test('check reports an unreadable store', async () => {
    await writeFile(ws.dataFile, 'nope');
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([expect.stringMatching(/db\.json: not valid JSON/)]);
    const missing = await checkStore({ dataFile: join(ws.dir, 'none.json'), publicDir: ws.publicDir });
    expect(missing.problems).toEqual([`${join(ws.dir, 'none.json')}: file not found`]);
  });
});

describe('export and import', () => {
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

    const rebuilt = join(ws.dir, 'rebuilt', 'db.json');
    const result = await importContent({ dir: out, dataFile: rebuilt, publicDir: ws.publicDir });
    expect(result.warnings).toEqual([]);
    expect(await readStore(rebuilt)).toEqual(original);
    expect(await readFile(rebuilt, 'utf8')).toBe(await readFile(ws.dataFile, 'utf8'));
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
});
