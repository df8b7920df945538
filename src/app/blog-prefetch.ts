import { parseBlogSearch } from '../lib/blog-search.ts';
import {
  blogCategoriesQuery,
  blogPostQuery,
  blogPostsQuery,
  blogPreviewQuery,
  relatedPostsQuery,
} from '../lib/queries.ts';
import type { PrefetchContext } from './routes.tsx';

/** The blog's list: its categories and the page of posts asked for; 404 for an unknown category or page. */
export async function prefetchBlogList({ queryClient, source, searchParams }: PrefetchContext): Promise<number> {
  const { categorySlug, page } = parseBlogSearch(searchParams);
  const categories = await queryClient.fetchQuery(blogCategoriesQuery(source));
  const category = categorySlug ? categories.find((c) => c.slug === categorySlug) : undefined;
  if (categorySlug && !category) return 404;
  const list = await queryClient.fetchQuery(blogPostsQuery(source, { categoryId: category?.id, page }));
  return page > 1 && page > list.pagination.pages ? 404 : 200;
}

/** A post and the related posts shown under it; 404 for an unknown post. */
export async function prefetchBlogPost({ queryClient, source, params }: PrefetchContext): Promise<number> {
  const slug = params.slug ?? '';
  try {
    await queryClient.fetchQuery(blogPostQuery(source, slug));
  } catch {
    return 404;
  }
  // Related articles load after the post, as in the browser, and are in the first HTML for crawlers.
  await queryClient.prefetchQuery(relatedPostsQuery(source, slug));
  return 200;
}

/** A post's preview, with the related posts shown under it; 404 for a link that shows nothing. */
export async function prefetchBlogPreview({ queryClient, source, params }: PrefetchContext): Promise<number> {
  let slug: string;
  try {
    ({ slug } = await queryClient.fetchQuery(blogPreviewQuery(source, params.token ?? '')));
  } catch {
    return 404;
  }
  await queryClient.prefetchQuery(relatedPostsQuery(source, slug));
  return 200;
}
