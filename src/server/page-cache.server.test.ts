import { writeFileSync } from 'node:fs';
import request from 'supertest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PageCache, cachedPage, pageCacheMaxBytes, type CachedPage } from './page-cache.server.ts';
import { missingPostSlug } from '../lib/blog-types.ts';
import type { StoreData } from '../lib/store-schema.ts';
import type { RenderModule } from './pages.server.ts';
import { createTestApp, testPost, testStore } from '../../test-support/server.ts';

// A browser's first request for a page is streamed before the cache keeps its copy
// (src/server/page-stream.server.test.ts); a crawler's is answered from that copy, as every later request is. These
// tests read the copy, so they ask as a crawler.
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const get = (server: Parameters<typeof request>[0], path: string) =>
  request(server).get(path).set('User-Agent', crawler);

const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
afterEach(() => {
  apps.splice(0).forEach((app) => app.close());
  vi.useRealTimers();
});

async function app(env: Record<string, string> = {}) {
  const created = await createTestApp({ env });
  apps.push(created);
  return created;
}

describe('the render cache', () => {
  test('serves a page with a strong ETag and answers a revalidation with 304', async () => {
    const { app: server } = await app();
    const first = await get(server, '/blog').expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400');
    expect(first.headers.vary).toContain('Accept-Encoding');
    await get(server, '/blog').set('If-None-Match', etag!).expect(304);
  });

  test('sends the precompressed brotli or gzip copy the browser accepts, the same page either way', async () => {
    const { app: server } = await app();
    const plain = await get(server, '/blog/post-2').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // supertest decompresses what it receives, so each body is compared as the browser would see it.
    const br = await get(server, '/blog/post-2').set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe(plain.text);
    expect(Number(br.headers['content-length'])).toBeLessThan(plain.text.length / 3);
    const gzip = await get(server, '/blog/post-2').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(plain.text);
  });

  test('is dropped when the store changes, so an edit shows on the next request', async () => {
    const { app: server, store, file } = await app();
    const before = await get(server, '/blog').expect(200);
    expect(before.text).not.toContain('Fresh from the editor');
    const data = testStore();
    data.posts.push(
      testPost({ id: 40, slug: 'fresh', title: 'Fresh from the editor', publishedAt: '2025-12-01T09:00:00.000Z' }),
    );
    writeFileSync(file, JSON.stringify(data));
    await store.reload();
    const after = await get(server, '/blog').expect(200);
    expect(after.text).toContain('Fresh from the editor');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  test('tracking parameters share the page’s entry; the parameters a page reads do not', async () => {
    const { app: server } = await app();
    const home = await get(server, '/').expect(200);
    const tracked = await get(server, '/?utm_source=newsletter&fbclid=abc').expect(200);
    expect(tracked.headers.etag).toBe(home.headers.etag);
    const blog = await get(server, '/blog').expect(200);
    const pageTwo = await get(server, '/blog?page=2&utm_medium=email').expect(200);
    expect(pageTwo.headers.etag).not.toBe(blog.headers.etag);
    expect((await get(server, '/blog?utm_medium=email&page=2')).headers.etag).toBe(pageTwo.headers.etag);
    const plan = await get(server, '/start-project?plan=local-launch').expect(200);
    expect(plan.headers.etag).not.toBe((await get(server, '/start-project')).headers.etag);
  });

  test('is dropped when a scheduled post comes due, so the post shows without a reload', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00.000Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const data = testStore();
    const dueAt = '2025-06-01T00:00:05.000Z';
    data.posts.push(testPost({ id: 41, slug: 'due-soon', title: 'Due any moment', publishedAt: dueAt }));
    const created = await createTestApp({ data });
    apps.push(created);
    const before = await get(created.app, '/blog').expect(200);
    expect(before.text).not.toContain('Due any moment');
    await get(created.app, '/blog/due-soon').expect(404);
    await vi.advanceTimersByTimeAsync(5_001);
    const after = await get(created.app, '/blog').expect(200);
    expect(after.text).toContain('Due any moment');
    await get(created.app, '/blog/due-soon').expect(200);
  });

  test('a 404 is cached briefly and keeps its status', async () => {
    const { app: server } = await app();
    for (let i = 0; i < 2; i += 1) {
      const response = await get(server, '/blog/missing').expect(404);
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    }
  });

  test('a thousand made-up addresses leave the real pages cached', { timeout: 120_000 }, async () => {
    const { app: server } = await app();
    // Pages with the form carry a token made at each render: the same ETag means the same cached copy.
    const real = ['/', '/services', '/start-project', '/start-project?plan=growth', '/blog', '/blog?page=2'];
    const etags = new Map<string, string | undefined>();
    for (const url of real) etags.set(url, (await get(server, url).expect(200)).headers.etag);
    // A known page with its letters' case changed one way per request, or trailing slashes added.
    const variant = (path: string, i: number) =>
      [...path].map((c, j) => ((i >> (j % 10)) & 1 ? c.toUpperCase() : c)).join('') + '/'.repeat(i % 3);
    const madeUp = (i: number) =>
      [
        `/no-such-page-${i}`,
        `/start-project?plan=plan-${i}`,
        `/blog?page=x${i}`,
        `/blog/missing-${i}`,
        variant('/how-it-works', i),
        variant('/services', i),
        `${variant('/blog', i)}?page=${'0'.repeat(i % 5)}2`,
      ][i % 7] ?? '/';
    for (let i = 0; i < 1_000; i += 1) await get(server, madeUp(i));
    for (const url of real) expect((await get(server, url).expect(200)).headers.etag, url).toBe(etags.get(url));
    // Every unknown path is the one same page.
    const unknown = await get(server, '/no-such-page-a').expect(404);
    expect((await get(server, '/another/unknown').expect(404)).headers.etag).toBe(unknown.headers.etag);
  });

  test(
    'two hundred made-up addresses of each kind cost one render: unknown paths, missing posts, made-up preview links, pages past the last, unknown categories',
    { timeout: 240_000 },
    async () => {
      let renders = 0;
      const created = await createTestApp({
        rendering: {
          staticFiles: [],
          loadRenderer: async (): Promise<RenderModule> => {
            const renderer = await import('../entry-server.tsx');
            return { ...renderer, renderPage: (...page) => ((renders += 1), renderer.renderPage(...page)) };
          },
        },
      });
      apps.push(created);
      const server = created.app;
      const real = ['/', '/blog', '/blog/post-2', '/blog?page=2', '/blog?category=local-seo'];
      const etags = new Map<string, string | undefined>();
      for (const url of real) etags.set(url, (await get(server, url).expect(200)).headers.etag);
      const costOf = async (madeUp: (i: number) => string) => {
        const before = renders;
        const bodies = new Set<string>();
        for (let i = 0; i < 200; i += 1) bodies.add((await get(server, madeUp(i)).expect(404)).text);
        return { renders: renders - before, bodies: [...bodies] };
      };
      const unknown = await costOf((i) => `/no-such-page-${i}`);
      const missing = await costOf((i) => `/blog/missing-${i}`);
      // A made-up link of any shape, a forged one for a real draft's slug, an encoded one: the missing post's page.
      const previews = await costOf(
        (i) =>
          [
            `/blog/preview/made-up-${i}`,
            `/blog/preview/post-${i}.${(Date.now() + 86_400_000).toString(36)}.${'A'.repeat(43)}`,
            `/blog/preview/x%2E${i}`,
          ][i % 3]!,
      );
      const pastTheLast = await costOf((i) => `/blog?page=${3 + i}`);
      const pastTheLastOfACategory = await costOf((i) => `/blog?category=local-seo&page=${2 + i}`);
      const unknownCategories = await costOf((i) => `/blog?category=no-such-${i}&page=${1 + (i % 3)}`);
      for (const kind of [unknown, missing, pastTheLast, pastTheLastOfACategory, unknownCategories]) {
        expect(kind).toMatchObject({ renders: 1, bodies: [expect.any(String)] });
      }
      expect(previews).toEqual({ renders: 0, bodies: missing.bodies });
      // Each kind's one page names none of the addresses asked for.
      const [missingPage = ''] = missing.bodies;
      expect(missingPage).not.toContain('missing-7');
      expect(missingPage).toContain('Blog Post Not Found');
      expect(missingPage).toMatch(/<link rel="canonical" href="[^"]*\/blog"/);
      const [pastPage = ''] = pastTheLast.bodies;
      expect(pastPage).toMatch(/<title>Page not found – Blog \| /);
      expect(pastPage).toMatch(/<link rel="canonical" href="[^"]*\/blog"/);
      expect(pastPage).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(pastTheLastOfACategory.bodies[0]).toMatch(/<title>Page not found – Local SEO articles \| /);
      expect(unknownCategories.bodies[0]).not.toContain('no-such-');
      for (const url of real) expect((await get(server, url).expect(200)).headers.etag, url).toBe(etags.get(url));
    },
  );

  test.each([
    ['a browser', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0'],
    ['a crawler', crawler],
  ])('a page not yet cached reads its data from the store once, for %s', async (_client, userAgent) => {
    const { app: server, store } = await app();
    const reads = (['categories', 'posts', 'post', 'featured'] as const).map((method) =>
      vi.spyOn(store.source, method),
    );
    const readsOf = () => reads.map((read) => read.mock.calls.map((call) => JSON.stringify(call)));
    await request(server).get('/blog/post-2').set('User-Agent', userAgent).expect(200);
    expect(readsOf()).toEqual([[], [], ['["post-2"]'], ['[3,"post-2"]']]);
    reads.forEach((read) => read.mockClear());
    await request(server).get('/blog?category=local-seo').set('User-Agent', userAgent).expect(200);
    expect(readsOf()).toEqual([['[]'], ['[{"categoryId":1,"page":1,"limit":6}]'], [], []]);
    reads.forEach((read) => read.mockClear());
    // Every missing post shows the one page kept for them: the first renders it, from its own address's load.
    await request(server).get('/blog/no-such-post').set('User-Agent', userAgent).expect(404);
    expect(readsOf()).toEqual([[], [], ['["no-such-post"]', `[${JSON.stringify(missingPostSlug)}]`], []]);
    reads.forEach((read) => read.mockClear());
    await request(server).get('/blog/another-missing-post').set('User-Agent', userAgent).expect(404);
    expect(readsOf()).toEqual([[], [], ['["another-missing-post"]'], []]);
  });

  test('a page rendered while the store changed is served once, compressed only as it is sent', async () => {
    // The store changes while the page's data loads, and again while it loads anew from the changed store.
    const changes: StoreData[] = [];
    const created = await createTestApp({
      wrapSource: (source) => ({
        ...source,
        categories: async () => {
          const next = changes.shift();
          if (next) {
            writeFileSync(created.file, JSON.stringify(next));
            await created.store.reload();
          }
          return source.categories();
        },
      }),
    });
    apps.push(created);
    changes.push(testStore(9), testStore(10));
    const once = await get(created.app, '/blog').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(once.headers['content-encoding']).toBe('br');
    expect(once.headers.etag ?? '').not.toMatch(/^"/);
    expect(once.text).toContain('Post 10');
    const kept = await get(created.app, '/blog').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(kept.headers.etag).toMatch(/^"/);
  });

  test('a known page under another case, trailing slashes or a padded page number is the same entry', async () => {
    const { app: server } = await app();
    const services = (await get(server, '/services').expect(200)).headers.etag;
    for (const url of ['/services/', '/SERVICES', '/sErViCeS//', '/Services?utm_source=x']) {
      expect((await get(server, url).expect(200)).headers.etag, url).toBe(services);
    }
    const post = (await get(server, '/blog/post-2').expect(200)).headers.etag;
    expect((await get(server, '/blog/post-2/').expect(200)).headers.etag).toBe(post);
    expect((await get(server, '/BLOG/post-2').expect(200)).headers.etag).toBe(post);
    // The blog reads `?page=02` as page 2 and `?page=0` as page 1, from the cache or not.
    const pageTwo = (await get(server, '/blog?page=2').expect(200)).headers.etag;
    expect((await get(server, '/blog?page=02').expect(200)).headers.etag).toBe(pageTwo);
    const blog = (await get(server, '/blog').expect(200)).headers.etag;
    expect((await get(server, '/blog?page=0').expect(200)).headers.etag).toBe(blog);
  });

  test('with RENDER_CACHE=off every request is rendered and streamed, without an ETag', async () => {
    const { app: server } = await app({ RENDER_CACHE: 'off' });
    const response = await request(server).get('/blog').expect(200);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.text).toContain('</html>');
  });
});

describe('PageCache', () => {
  const page = (text: string) => cachedPage(200, Buffer.from(text));

  test('renders a URL once however many ask for it at the same time', async () => {
    const cache = new PageCache();
    let renders = 0;
    let finishRender = () => {};
    const rendered = new Promise<void>((resolve) => (finishRender = resolve));
    const render = async () => {
      renders += 1;
      await rendered;
      return page('<html>one</html>');
    };
    // All twenty ask while the first render is still under way.
    const asking = Array.from({ length: 20 }, () => cache.get('/x', render));
    finishRender();
    const pages = await Promise.all(asking);
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
  });

  test('stays within its byte budget, dropping the least recently used page', async () => {
    // Two such pages fit in the budget, three do not (their compressed copies are left empty here).
    const large = async (): Promise<CachedPage> => ({
      status: 200,
      etag: '"large"',
      html: Buffer.alloc(Math.floor(pageCacheMaxBytes * 0.4)),
      gzip: Buffer.alloc(0),
      br: Buffer.alloc(0),
    });
    const cache = new PageCache();
    await cache.get('/a', large);
    await cache.get('/b', large);
    await cache.get('/a', async () => page('unused'));
    await cache.get('/c', large);
    const rendered: string[] = [];
    const again = (url: string) => cache.get(url, async () => (rendered.push(url), await large()));
    await again('/a');
    await again('/c');
    expect(rendered).toEqual([]);
    await again('/b');
    expect(rendered).toEqual(['/b']);
  });

  test('a render started after the cache was dropped is shared, even when the one before it ends first', async () => {
    const cache = new PageCache();
    let renders = 0;
    const finishers: (() => void)[] = [];
    const render = async () => {
      renders += 1;
      await new Promise<void>((resolve) => finishers.push(resolve));
      return page(`<html>${renders}</html>`);
    };
    const before = cache.get('/x', render);
    cache.clear();
    const after = cache.get('/x', render);
    finishers[0]!();
    await before;
    const meanwhile = cache.get('/x', render);
    expect(renders).toBe(2);
    finishers.forEach((finish) => finish());
    expect(await meanwhile).toBe(await after);
  });

  test('keeps only what its render compressed: a page to serve once is rendered again next time', async () => {
    const cache = new PageCache();
    let renders = 0;
    const once = async () => ((renders += 1), { status: 404, html: Buffer.from('<html>once</html>') });
    expect(await cache.get('/x', once)).toEqual({ status: 404, html: Buffer.from('<html>once</html>') });
    await cache.get('/x', once);
    expect(renders).toBe(2);
  });

  test('does not keep a page rendered while the store changed', async () => {
    const cache = new PageCache();
    const pending = cache.get('/x', async () => {
      cache.clear();
      return page('stale');
    });
    await pending;
    let rendered = false;
    await cache.get('/x', async () => ((rendered = true), await page('fresh')));
    expect(rendered).toBe(true);
  });
});
