import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, testPost, testStore } from '../../test-support/server.ts';

const future = new Date(Date.now() + 86_400_000).toISOString();
const data = testStore(8);
data.posts.push(testPost({ id: 99, slug: 'scheduled', categoryId: 1, publishedAt: future }));

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp({ data });
});
afterAll(() => testApp.close());

describe('GET /api/blog/categories', () => {
  test('lists categories with counts of public posts only', async () => {
    const response = await request(testApp.app).get('/api/blog/categories').expect(200);
    expect(response.body).toEqual([
      { id: 1, name: 'Local SEO', slug: 'local-seo', postCount: 4 },
      { id: 2, name: 'Email Marketing', slug: 'email-marketing', postCount: 4 },
    ]);
  });
});

describe('GET /api/blog/posts', () => {
  test('pages six posts newest first by default, without content or html', async () => {
    const response = await request(testApp.app).get('/api/blog/posts').expect(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 6, total: 8, pages: 2 });
    const dates = response.body.posts.map((post: { publishedAt: string }) => post.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(response.body.posts).toHaveLength(6);
    expect(response.body.posts[0]).not.toHaveProperty('content');
    expect(response.body.posts[0]).not.toHaveProperty('html');
    expect(response.body.posts[0].category).toEqual({ id: 2, name: 'Email Marketing', slug: 'email-marketing' });
    expect(response.body.posts[0].author).toEqual({ username: 'studio-team' });
  });

  test('filters by category and keeps the true pagination past the last page', async () => {
    const filtered = await request(testApp.app).get('/api/blog/posts?categoryId=1&limit=3').expect(200);
    expect(filtered.body.pagination).toEqual({ page: 1, limit: 3, total: 4, pages: 2 });
    expect(filtered.body.posts.every((post: { category: { id: number } }) => post.category.id === 1)).toBe(true);
    const past = await request(testApp.app).get('/api/blog/posts?page=9').expect(200);
    expect(past.body).toEqual({ posts: [], pagination: { page: 9, limit: 6, total: 8, pages: 2 } });
  });

  test('an unknown category gives an empty list', async () => {
    const response = await request(testApp.app).get('/api/blog/posts?categoryId=77').expect(200);
    expect(response.body).toEqual({ posts: [], pagination: { page: 1, limit: 6, total: 0, pages: 0 } });
  });

  test.each([
    ['page=0', 'page must be a whole number from 1 to 1000000'],
    ['page=-1', 'page must be a whole number from 1 to 1000000'],
    ['page=1.5', 'page must be a whole number from 1 to 1000000'],
    ['page=abc', 'page must be a whole number from 1 to 1000000'],
    ['page=1&page=2', 'page must be given once, as a whole number'],
    ['limit=51', 'limit must be a whole number from 1 to 50'],
    ['limit=0', 'limit must be a whole number from 1 to 50'],
    ['categoryId=x', 'categoryId must be a whole number from 1 to 2147483647'],
    ['page=99999999999999999999', 'page must be a whole number from 1 to 1000000'],
  ])('invalid input %s answers 400 with what is wrong', async (query, message) => {
    const response = await request(testApp.app).get(`/api/blog/posts?${query}`).expect(400);
    expect(response.body).toEqual({ error: message });
  });
});

describe('GET /api/blog/posts/:slug', () => {
  test('returns the post with markdown, rendered html, category and author', async () => {
    const response = await request(testApp.app).get('/api/blog/posts/post-3').expect(200);
    expect(response.body).toMatchObject({
      id: 3,
      slug: 'post-3',
      content: expect.stringContaining('## Heading 3'),
      html: expect.stringContaining('<h2 id="h-heading-3">Heading 3</h2>'),
      category: { id: 1, name: 'Local SEO', slug: 'local-seo' },
      author: { username: 'studio-team' },
    });
  });

  test('an unknown or scheduled slug is 404 Post not found', async () => {
    for (const slug of ['nope', 'scheduled', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await request(testApp.app).get(`/api/blog/posts/${slug}`).expect(404);
      expect(response.body).toEqual({ error: 'Post not found' });
    }
  });
});

describe('GET /api/blog/featured', () => {
  test('returns the newest three public posts by default and honours limit', async () => {
    const response = await request(testApp.app).get('/api/blog/featured').expect(200);
    expect(response.body.map((post: { slug: string }) => post.slug)).toHaveLength(3);
    expect(response.body.some((post: { slug: string }) => post.slug === 'scheduled')).toBe(false);
    const limited = await request(testApp.app).get('/api/blog/featured?limit=1').expect(200);
    expect(limited.body).toHaveLength(1);
    await request(testApp.app).get('/api/blog/featured?limit=13').expect(400);
  });

  const slugs = async (query: string) =>
    (await request(testApp.app).get(`/api/blog/featured?${query}`).expect(200)).body.map(
      (post: { slug: string }) => post.slug,
    );

  test('related=<slug> gives that post’s category first, newest first, then the newest others, never the post', async () => {
    // Local SEO holds posts 1, 3, 5 and 7 (and a scheduled one); Email Marketing 2, 4, 6 and 8.
    expect(await slugs('related=post-3')).toEqual(['post-7', 'post-5', 'post-1']);
    expect(await slugs('related=post-3&limit=5')).toEqual(['post-7', 'post-5', 'post-1', 'post-8', 'post-6']);
    expect(await slugs('related=post-8&limit=12')).toEqual([
      'post-6',
      'post-4',
      'post-2',
      'post-7',
      'post-5',
      'post-3',
      'post-1',
    ]);
  });

  test('related= a slug no public post has gives the newest posts, as without it', async () => {
    const newest = await slugs('');
    expect(newest).toEqual(['post-8', 'post-7', 'post-6']);
    for (const slug of ['no-such-post', 'scheduled', ''])
      expect(await slugs(`related=${encodeURIComponent(slug)}`)).toEqual(newest);
  });

  test('related given twice, or longer than any slug, is a 400', async () => {
    const twice = await request(testApp.app).get('/api/blog/featured?related=post-1&related=post-2').expect(400);
    expect(twice.body).toEqual({ error: 'related must be given once, as a post slug' });
    await request(testApp.app)
      .get(`/api/blog/featured?related=${'a'.repeat(201)}`)
      .expect(400);
  });
});

describe('errors', () => {
  test('an unknown API path is 404 JSON and another method is 405 JSON', async () => {
    expect((await request(testApp.app).get('/api/nothing').expect(404)).body).toEqual({ error: 'Not found' });
    const response = await request(testApp.app).post('/api/blog/posts').send({}).expect(405);
    expect(response.body).toEqual({ error: 'Method not allowed' });
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  test('GET /healthz answers ok', async () => {
    expect((await request(testApp.app).get('/healthz').expect(200)).body).toMatchObject({ status: 'ok' });
  });
});
