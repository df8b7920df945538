import { afterEach, describe, expect, test, vi } from 'vitest';
import { getJson, httpBlogSource } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('getJson', () => {
  test('sends a GET with credentials and reads JSON', async () => {
    const fetchMock = stubFetch(Response.json({ ok: 1 }));
    expect(await getJson('/api/blog/categories')).toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/blog/categories', expect.objectContaining({ credentials: 'include' }));
  });

  test('a non-success answer throws "<status>: <body>"', async () => {
    stubFetch(new Response('{"error":"Post not found"}', { status: 404 }));
    await expect(getJson('/x')).rejects.toThrow('404: {"error":"Post not found"}');
  });

  test('an empty body falls back to the status text, and a 401 is thrown like any other', async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(getJson('/x')).rejects.toThrow('401: Unauthorized');
  });
});

describe('httpBlogSource', () => {
  test.each([
    ['posts', () => httpBlogSource.posts({ page: 1, limit: 6 }), 'Failed to fetch blog posts'],
    ['post', () => httpBlogSource.post('x'), 'Post not found'],
    ['featured', () => httpBlogSource.featured(3), 'Failed to fetch related posts'],
  ])('a failed %s request says so', async (_name, call, message) => {
    stubFetch(new Response('boom', { status: 500 }));
    const error = await call().catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(message);
    expect(((error as Error).cause as Error).message).toBe('500: boom');
  });

  test('asks for the list with page, limit and category', async () => {
    const fetchMock = stubFetch(Response.json({ posts: [], pagination: { page: 2, limit: 6, total: 0, pages: 0 } }));
    await httpBlogSource.posts({ page: 2, limit: 6, categoryId: 3 });
    expect(fetchMock.mock.calls.at(0)).toEqual([expect.any(String), expect.anything()]);
    expect(String((fetchMock.mock.calls.at(0) as unknown[] | undefined)?.[0])).toBe(
      '/api/blog/posts?page=2&limit=6&categoryId=3',
    );
  });
});
