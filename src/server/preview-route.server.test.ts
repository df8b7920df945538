import { writeFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { newPreviewKey } from './preview-links.server.ts';
import type { StoreData } from '../lib/store-schema.ts';
import { createTestApp, previewLinkPath, readPage, testPost, testStore } from '../../test-support/server.ts';

const draftTitle = 'Winter menus that fill cafe tables';
const scheduledTitle = 'Spring events for Hunter retailers';
const draft = testPost({
  id: 30,
  slug: 'winter-menus',
  title: draftTitle,
  publishedAt: null,
  previewKey: newPreviewKey(),
});
const data: StoreData = testStore(8);
data.posts.push(
  draft,
  testPost({
    id: 31,
    slug: 'spring-events',
    title: scheduledTitle,
    publishedAt: '2099-09-14T23:00:00.000Z',
    previewKey: newPreviewKey(),
  }),
);
const keyOf = (slug: string) => data.posts.find((post) => post.slug === slug)?.previewKey ?? '';

/** Everything the app logs, as JSON lines. */
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

let testApp: Awaited<ReturnType<typeof createTestApp>>;
// Signed as the content command signs it, with the key file beside ENQUIRIES_FILE that the server reads too.
const link = (slug: string, days = 7) => previewLinkPath(testApp, { slug, previewKey: keyOf(slug) }, days);
beforeAll(async () => {
  testApp = await createTestApp({ data, logger: pino(logSink) });
});
afterAll(() => testApp.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Serves `next` as the store until the test's end. */
async function withStore(next: StoreData, run: () => Promise<void>) {
  await writeFile(testApp.file, JSON.stringify(next));
  try {
    await testApp.store.reload();
    await run();
  } finally {
    vi.useRealTimers();
    await writeFile(testApp.file, JSON.stringify(data));
    await testApp.store.reload();
  }
}

const get = (path: string) => request(testApp.app).get(path);

async function expectPostNotFound(path: string) {
  const response = await get(path).expect(404);
  expect(response.text).toContain('Blog Post Not Found');
  expect(response.text).toContain('doesn&#x27;t exist or has been removed.');
  expect(response.text).not.toContain(draftTitle);
}

describe('a post’s preview link', () => {
  test('shows a draft as it will appear, with a line saying so, noindex and Cache-Control: private, no-store', async () => {
    const preview = await link('winter-menus');
    const response = await get(preview).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(response.text).toMatch(/<h1[^>]*>Winter menus that fill cafe tables<\/h1>/);
    expect(response.text).toContain('Body of post 30.');
    expect(response.text).toContain('This post is a draft, not yet scheduled.');
    expect(response.text).toContain('Related articles');
    // The post is the page's HTML alone: no script reads it, so neither it nor the link's token is in the boot data.
    const boot = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(response.text)?.[1];
    expect(boot).toBeDefined();
    expect(boot).not.toContain(preview.slice('/blog/preview/'.length));
    expect(boot).not.toContain('winter-menus');
    expect(boot).not.toContain('Body of post 30.');
  });

  test('says when a scheduled post goes live, in the site’s date format', async () => {
    const { text, html } = await readPage(testApp.app, await link('spring-events'));
    expect(text).toMatch(
      /Preview\. This post goes live on 15 September 2099 ?\. Until then, only people with this link can read it\./,
    );
    expect(html).toContain('<time dateTime="2099-09-14T23:00:00.000Z">15 September 2099</time>');
    // Its public address stays Not Found until then.
    await expectPostNotFound('/blog/spring-events');
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
    const otherPostKey = (await previewLinkPath(testApp, { slug: 'winter-menus', previewKey: newPreviewKey() })).slice(
      '/blog/preview/'.length,
    );
    for (const token of [
      `${slug}.${expires}.${flipped}`,
      `${slug}.${later}.${signature}`,
      `spring-events.${expires}.${signature}`,
      otherPostKey,
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
    await withStore(published, async () => {
      const response = await get(preview).expect(302);
      expect(response.headers.location).toBe('/blog/winter-menus');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect((await get('/blog/winter-menus').expect(200)).text).toContain(draftTitle);
      vi.setSystemTime(Date.now() + 2 * 86_400_000);
      expect((await get(expired).expect(302)).headers.location).toBe('/blog/winter-menus');
    });
  });

  test('a link belongs to its post: another post later stored under the same slug and id never answers it', async () => {
    const preview = await link('winter-menus');
    await get(preview).expect(200);
    // Removed, then a new draft added with the same slug (and given the same id back): a key of its own.
    const clientB = { ...draft, title: 'Client B’s confidential launch', previewKey: newPreviewKey() };
    await withStore({ ...data, posts: data.posts.map((p) => (p === draft ? clientB : p)) }, async () => {
      await expectPostNotFound(preview);
      expect((await get(preview)).text).not.toContain('Client B');
      const own = await previewLinkPath(testApp, clientB);
      expect((await get(own).expect(200)).text).toContain('Client B’s confidential launch');
    });
    // Published under that slug, it does not answer the old link either: no redirect names it.
    const publicB = { ...clientB, publishedAt: '2025-02-01T09:00:00.000Z' };
    await withStore({ ...data, posts: data.posts.map((p) => (p === draft ? publicB : p)) }, async () => {
      await expectPostNotFound(preview);
    });
  });

  test('a post stored before preview keys existed answers no link until it is given a key', async () => {
    const { previewKey: _previewKey, ...keyless } = draft;
    await withStore({ ...data, posts: data.posts.map((p) => (p === draft ? keyless : p)) }, async () => {
      for (const previewKey of ['', newPreviewKey()]) {
        await expectPostNotFound(await previewLinkPath(testApp, { slug: 'winter-menus', previewKey }));
      }
    });
  });

  test('every answer under /blog/preview/ sends Referrer-Policy: no-referrer, and the page says so too', async () => {
    const preview = await link('winter-menus');
    const page = await get(preview).expect(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    expect(head).toContain('<meta name="referrer" content="no-referrer"/>');
    for (const path of [`${preview.slice(0, -1)}x`, '/blog/preview/made-up', '/blog/preview/', '/blog/preview/a/b']) {
      const response = await get(path).expect(404);
      expect(response.headers['referrer-policy'], path).toBe('no-referrer');
      expect(response.text, path).not.toContain('name="referrer"');
    }
    await withStore(
      { ...data, posts: data.posts.map((p) => (p === draft ? { ...p, publishedAt: '2025-02-01T09:00:00.000Z' } : p)) },
      async () => {
        expect((await get(preview).expect(302)).headers['referrer-policy']).toBe('no-referrer');
      },
    );
    // Every other page keeps the site's policy, which tells analytics where a visitor came from.
    expect((await get('/blog/post-2').expect(200)).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('only the link as it was issued shows the post: any other spelling of it answers 404', async () => {
    const preview = await link('winter-menus');
    const token = preview.slice('/blog/preview/'.length);
    const [slug, expires, signature] = token.split('.') as [string, string, string];
    for (const path of [
      `/blog/preview/${slug}%2E${expires}.${signature}`,
      `/blog/preview/${slug}%2e${expires}%2E${signature}`,
      `/blog/preview/%77${token.slice(1)}`,
      `/blog/preview/${token.replace(/-/g, '%2D')}`,
      `/BLOG/PREVIEW/${token}`,
      `/Blog/Preview/${token}`,
      `${preview}/`,
    ]) {
      await expectPostNotFound(path);
    }
    // Not a preview's address at all.
    const doubled = await get(`/blog//preview/${token}`).expect(404);
    expect(doubled.text).toContain('Page Not Found');
    expect(doubled.text).not.toContain(draftTitle);
    await get(`${preview}?utm_source=email`).expect(200);
  });

  test('no page at a preview’s address, the 404s included, runs Google’s tag, which would report the address', async () => {
    const withAnalytics = await createTestApp({ data, env: { GA_MEASUREMENT_ID: 'G-TEST12345' } });
    try {
      const token = (
        await previewLinkPath(withAnalytics, { slug: 'winter-menus', previewKey: keyOf('winter-menus') })
      ).slice('/blog/preview/'.length);
      const at = (path: string) => request(withAnalytics.app).get(path);
      expect((await at(`/blog/preview/${token}`).expect(200)).text).not.toContain('G-TEST12345');
      const encoded = await at(`/blog/preview/${token.replace(/\./g, '%2E')}`).expect(404);
      const madeUp = await at('/blog/preview/made-up').expect(404);
      const doubled = await at(`/blog//preview/${token}`).expect(404);
      for (const answer of [encoded, madeUp, doubled]) expect(answer.text).not.toContain('G-TEST12345');
      // Still one cached page for every made-up link, kept apart from the missing post's, which runs the tag (the
      // first of them was streamed before the copy was kept).
      const another = await at('/blog/preview/made-up-too').expect(404);
      expect(madeUp.headers.etag).toMatch(/^"/);
      expect(another.headers.etag).toBe(madeUp.headers.etag);
      expect(another.text).toBe(madeUp.text);
      const missing = await at('/blog/no-such-post').expect(404);
      expect(missing.text).toContain('G-TEST12345');
      for (const answer of [encoded, missing]) expect(answer.text).toMatch(/<h1[^>]*>Blog Post Not Found<\/h1>/);
    } finally {
      withAnalytics.close();
    }
  });

  test('the request log and error logs keep /blog/preview/ and nothing after it, however the link is written', async () => {
    const preview = await link('winter-menus');
    const token = preview.slice('/blog/preview/'.length);
    const signature = token.split('.')[2]!;
    logLines.length = 0;
    for (const path of [
      preview,
      `${preview}?utm_source=email`,
      preview.replace(/\./g, '%2E'),
      preview.replace('winter', '%77inter').replace(/\./g, '%252E'),
      `/BLOG/PREVIEW/${token}/`,
    ]) {
      await get(path);
    }
    // A post that fails to render: the error is logged with the address it was asked at.
    const index = testApp.store.index;
    const post = index.unpublished('winter-menus')!;
    vi.spyOn(index, 'unpublished').mockReturnValue({ ...post, category: undefined } as never);
    try {
      await get(preview).expect(500);
    } finally {
      vi.restoreAllMocks();
    }
    const logged = logLines.map((line) => JSON.parse(line) as { msg: string; url?: string; req?: { url: string } });
    expect(logged.filter((line) => line.req).map((line) => line.req!.url)).toEqual(Array(6).fill('/blog/preview/'));
    const errors = logged.filter((line) => line.msg === 'Error while rendering' || line.msg === 'Request failed');
    expect(errors.map((line) => line.url)).toEqual(['/blog/preview/', '/blog/preview/']);
    const text = logLines.join('');
    for (const piece of [signature, signature.slice(0, 20), 'winter-menus', 'inter-menus', 'utm_source']) {
      expect(text).not.toContain(piece);
    }
  });
});
