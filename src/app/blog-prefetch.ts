import {
  blogListHref,
  lastReadablePage,
  listPageCount,
  missingCategorySlug,
  parseBlogSearch,
} from '../lib/blog-search.ts';
import {
  blogCategoriesQuery,
  blogPostQuery,
  blogPostsQuery,
  blogPreviewQuery,
  relatedPostsQuery,
} from '../lib/queries.ts';
import { newsletterCategorySlug } from '../lib/newsletter.ts';
import type { PrefetchContext } from './prefetch-context.ts';

/**
 * The blog's list: its categories and the page of posts asked for; 404 for an unknown category or a page past the
 * last, known from the categories alone (as the page knows it), so that neither depends on the page's number.
 */
export async function prefetchBlogList({ queryClient, source, searchParams }: PrefetchContext): Promise<number> {
  const { categorySlug, page } = parseBlogSearch(searchParams);
  const categories = await queryClient.fetchQuery(blogCategoriesQuery(source));
  const category = categorySlug ? categories.find((c) => c.slug === categorySlug) : undefined;
  if (categorySlug && !category) return 404;
  if (page > 1 && page > listPageCount(categories, category)) return 404;
  await queryClient.fetchQuery(blogPostsQuery(source, { categoryId: category?.id, page }));
  return 200;
}

/**
 * The one address every 404 of a kind is rendered and cached as: every unknown category shows the same page, and
 * every page past the last of one list (all posts, or a category's) does. Called after prefetchBlogList said 404.
 */
export function blogListNotFoundUrl({ queryClient, source, searchParams }: PrefetchContext): string {
  const { categorySlug } = parseBlogSearch(searchParams);
  const categories = queryClient.getQueryData(blogCategoriesQuery(source).queryKey) ?? [];
  if (categorySlug && !categories.some((c) => c.slug === categorySlug)) {
    return blogListHref({ categorySlug: missingCategorySlug, page: 1 });
  }
  return blogListHref({ categorySlug, page: lastReadablePage });
}

/** A post and the related posts shown under it; 404 for an unknown post. */
export async function prefetchBlogPost({ queryClient, source, params }: PrefetchContext): Promise<number> {
  const slug = params.slug ?? '';
  try {
    await queryClient.fetchQuery(blogPostQuery(source, slug));
  } catch {
    return 404;
  }
  // Related articles load after the post, and are in the first HTML for crawlers.
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

/** The newsletter's page: the latest issue, the newest post of the Newsletter category, when there is one. */
export async function prefetchNewsletter({ queryClient, source }: PrefetchContext): Promise<number> {
  const categories = await queryClient.fetchQuery(blogCategoriesQuery(source));
  const category = categories.find((c) => c.slug === newsletterCategorySlug);
  if (category) await queryClient.fetchQuery(blogPostsQuery(source, { categoryId: category.id, page: 1 }));
  return 200;
}
