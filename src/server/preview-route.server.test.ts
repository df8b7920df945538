import { writeFile } from 'node:fs/promises';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { loadSiteSecret } from './enquiries/form-token.server.ts';
import { previewLinks } from './preview-links.server.ts';
import type { StoreData } from './store-schema.ts';
import { createTestApp, readPage, testPost, testStore } from '../../test-support/server.ts';

const draftTitle = 'Winter menus that fill cafe tables';
const scheduledTitle = 'Spring events for Hunter retailers';
const data: StoreData = testStore(8);
data.posts.push(
  testPost({ id: 30, slug: 'winter-menus', title: draftTitle, publishedAt: null }),
  testPost({ id: 31, slug: 'spring-events', title: scheduledTitle, publishedAt: '2099-09-14T23:00:00.000Z' }),
);

let testApp: Awaited<ReturnType<typeof createTestApp>>;
// Signed as the content command signs it, with the key file beside ENQUIRIES_FILE that the server reads too.
let link: (slug: string, days?: number) => Promise<string>;
beforeAll(async () => {
  testApp = await createTestApp({ data });
  link = async (slug, days = 7) =>
    `/blog/preview/${previewLinks(await loadSiteSecret(testApp.config.enquiries)).issue(slug, days).token}`;
});
afterAll(() => testApp.close());
afterEach(() => {
  vi.useRealTimers();
});

const get = (path: string) => request(testApp.app).get(path);

async function expectPostNotFound(path: string) {
  const response = await get(path).expect(404);
  expect(response.text).toContain('Blog Post Not Found');
  expect(response.text).toContain('doesn&#x27;t exist or has been removed.');
  expect(response.text).not.toContain(draftTitle);
}

describe('a post’s preview link', () => {
  test('shows a draft as it will appear, with a line saying so, noindex and Cache-Control: private, no-store', async () => {
    const response = await get(await link('winter-menus')).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(response.text).toMatch(/<h1[^>]*>Winter menus that fill cafe tables<\/h1>/);
    expect(response.text).toContain('Body of post 30.');
    expect(response.text).toContain('This post is a draft, not yet scheduled.');
    expect(response.text).toContain('Related articles');
    // The browser hydrates the preview from the page itself: it is in no public API for it to ask.
    expect(response.text).toMatch(/"queryKey":\["blog","preview","winter-menus\.[^"]+"\]/);
  });

  test('says when a scheduled post goes live, in the site’s date format', async () => {
    const { text, html } = await readPage(testApp.app, await link('spring-events'));
    expect(text).toMatch(
      /Preview\. This post goes live on 15 September 2099 ?\. Until then, only people with this link can read it\./,
    );
    expect(html).toContain('<time dateTime="2099-09-14T23:00:00.000Z">15 September 2099</time>');
  });

  test('a draft stays out of every public place, the page cache included', async () => {
    const preview = await link('winter-menus');
    await get(preview).expect(200);
    await expectPostNotFound('/blog/winter-menus');
    const list = await get('/blog').expect(200);
    expect(list.text).not.toContain(draftTitle);
    expect(list.text).not.toContain(scheduledTitle);
    await get('/api/blog/posts/winter-menus').expect(404, { error: 'Post not found' });
    const posts = await get('/api/blog/posts?limit=50').expect(200);
    expect(posts.body.pagination.total).toBe(8);
    expect(JSON.stringify(posts.body)).not.toContain('winter-menus');
    const categories = await get('/api/blog/categories').expect(200);
    expect(categories.body.map((c: { postCount: number }) => c.postCount)).toEqual([4, 4]);
    expect(JSON.stringify((await get('/api/blog/featured?limit=12').expect(200)).body)).not.toContain('winter-menus');
    expect((await get('/blog/post-8').expect(200)).text).not.toContain(draftTitle);
    expect((await get('/sitemap.xml').expect(200)).text).not.toContain('winter-menus');
    expect((await get('/rss.xml').expect(200)).text).not.toContain(draftTitle);
    // Asked again, the preview is rendered again, not served from the page cache.
    const again = await get(preview).expect(200);
    expect(again.headers['cache-control']).toBe('private, no-store');
    expect(again.headers.etag ?? '').not.toMatch(/^"/);
  });

  test('a wrong or tampered token answers 404 Blog Post Not Found', async () => {
    const preview = await link('winter-menus');
    const [slug, expires, signature] = preview.slice('/blog/preview/'.length).split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const later = (parseInt(expires, 36) + 86_400_000).toString(36);
    const otherKey = previewLinks(Buffer.alloc(32, 7)).issue('winter-menus', 7).token;
    for (const token of [
      `${slug}.${expires}.${flipped}`,
      `${slug}.${later}.${signature}`,
      `spring-events.${expires}.${signature}`,
      otherKey,
      'winter-menus',
      'not-a-token',
    ]) {
      await expectPostNotFound(`/blog/preview/${token}`);
    }
  });

  test('an expired token answers 404 Blog Post Not Found', async () => {
    vi.useFakeTimers({ now: new Date(), toFake: ['Date'] });
    const preview = await link('winter-menus', 2);
    vi.setSystemTime(Date.now() + 2 * 86_400_000 - 1_000);
    await get(preview).expect(200);
    vi.setSystemTime(Date.now() + 1_000);
    await expectPostNotFound(preview);
  });

  test('a token that claims a longer life than 30 days answers 404, whoever signed it', async () => {
    const now = Date.now();
    vi.useFakeTimers({ now: now + 60 * 86_400_000, toFake: ['Date'] });
    const preview = await link('winter-menus', 30);
    vi.setSystemTime(now);
    await expectPostNotFound(preview);
  });

  test('redirects (302) to the post once it is published, even after the link expired', async () => {
    vi.useFakeTimers({ now: new Date(), toFake: ['Date'] });
    const preview = await link('winter-menus');
    const expired = await link('winter-menus', 1);
    await get(preview).expect(200);
    const published = {
      ...data,
      posts: data.posts.map((p) => (p.slug === 'winter-menus' ? { ...p, publishedAt: '2025-02-01T09:00:00.000Z' } : p)),
    };
    await writeFile(testApp.file, JSON.stringify(published));
    try {
      await testApp.store.reload();
      const response = await get(preview).expect(302);
      expect(response.headers.location).toBe('/blog/winter-menus');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect((await get('/blog/winter-menus').expect(200)).text).toContain(draftTitle);
      vi.setSystemTime(Date.now() + 2 * 86_400_000);
      expect((await get(expired).expect(302)).headers.location).toBe('/blog/winter-menus');
    } finally {
      vi.useRealTimers();
      await writeFile(testApp.file, JSON.stringify(data));
      await testApp.store.reload();
    }
  });
});
