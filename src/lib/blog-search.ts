import type { SitePath } from '../content/navigation.ts';
import { BLOG_PAGE_SIZE, type Category, type CategoryWithCount } from './blog-types.ts';

/** The blog list's state lives in the URL: /blog?category=<slug>&page=<n>. */
export interface BlogSearch {
  categorySlug?: string;
  page: number;
}

/** The category every unknown category's page is rendered with: a `~` is in no category's slug. */
export const missingCategorySlug = '~missing';

/** The highest page number the list reads from its address (six digits); any higher one is page 1. */
export const lastReadablePage = 999_999;

export function parseBlogSearch(search: URLSearchParams): BlogSearch {
  const category = search.get('category')?.trim();
  const pageText = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  return { categorySlug: category || undefined, page };
}

export function blogListHref({ categorySlug, page }: BlogSearch): SitePath {
  const search = new URLSearchParams();
  if (categorySlug) search.set('category', categorySlug);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `/blog?${query}` : '/blog';
}

/**
 * How many pages the list of one category, or of every post, has: read from the categories' post counts, so that
 * a page past the last is known without loading it.
 */
export function listPageCount(categories: readonly CategoryWithCount[], category?: Category): number {
  const counted = category ? categories.filter((c) => c.id === category.id) : categories;
  return Math.ceil(counted.reduce((sum, c) => sum + c.postCount, 0) / BLOG_PAGE_SIZE);
}

/** The blog list's posts: its page and category links land here, below the hero and (on a phone) the categories. */
export const postListId = 'posts';

/** A link to a page of the blog's list that lands the reader on its posts. */
export function blogListLink(search: BlogSearch): SitePath {
  return `${blogListHref(search)}#${postListId}`;
}
