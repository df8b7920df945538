import { queryOptions } from '@tanstack/react-query';
import { BLOG_PAGE_SIZE, RELATED_LIMIT, type BlogSource } from './blog-types.ts';

// One factory per query: a route's load (src/lib/blog-loads.ts) fills the request's cache through it and hands the
// same options to the page, which reads what was loaded with useQuery, so that both agree on every key. The source is the store: only the server renders pages.

export const blogCategoriesQuery = (source: BlogSource) =>
  queryOptions({ queryKey: ['blog', 'categories'], queryFn: () => source.categories() });

export const blogPostsQuery = (source: BlogSource, params: { categoryId?: number; page: number }) =>
  queryOptions({
    queryKey: ['blog', 'posts', { categoryId: params.categoryId ?? null, page: params.page, limit: BLOG_PAGE_SIZE }],
    queryFn: () => source.posts({ ...params, limit: BLOG_PAGE_SIZE }),
  });

export const blogPostQuery = (source: BlogSource, slug: string) =>
  queryOptions({ queryKey: ['blog', 'post', slug], queryFn: () => source.post(slug) });

/** The articles shown under a post: its category's first, then the newest. */
export const relatedPostsQuery = (source: BlogSource, slug: string) =>
  queryOptions({
    queryKey: ['blog', 'featured', RELATED_LIMIT, { related: slug }],
    queryFn: () => source.featured(RELATED_LIMIT, slug),
  });

// A preview is not in the JSON API: its data comes in the page's HTML alone (docs/decisions/preview-links.md).
export const blogPreviewQuery = (source: BlogSource, token: string) =>
  queryOptions({ queryKey: ['blog', 'preview', token], queryFn: () => source.preview(token) });
