import {
  previewPath,
  type BlogSource,
  type CategoryWithCount,
  type Post,
  type PostList,
  type PostSummary,
} from './blog-types.ts';

/** GET a JSON resource with credentials; a non-success answer throws "<status>: <body or status text>". */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new Error(`${response.status}: ${body || response.statusText}`);
  }
  return (await response.json()) as T;
}

async function withMessage<T>(message: string, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (cause) {
    throw new Error(message, { cause });
  }
}

function query(params: Record<string, number | string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

export const httpBlogSource: BlogSource = {
  categories: () => getJson<CategoryWithCount[]>('/api/blog/categories'),
  posts: (params) =>
    withMessage('Failed to fetch blog posts', getJson<PostList>(`/api/blog/posts?${query({ ...params })}`)),
  post: (slug) => withMessage('Post not found', getJson<Post>(`/api/blog/posts/${encodeURIComponent(slug)}`)),
  featured: (limit, related) =>
    withMessage(
      'Failed to fetch related posts',
      getJson<PostSummary[]>(`/api/blog/featured?${query({ limit, related })}`),
    ),
  // A preview is not in the public API: the server renders it for the link's holder. Should the browser ever lack
  // the preview it was given with the page, it loads that page again, which also follows the link to the post once
  // it is public.
  preview: (token) => {
    window.location.assign(previewPath(token));
    return new Promise(() => {});
  },
};
