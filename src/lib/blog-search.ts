import type { SitePath } from '../content/navigation.ts';

/** The blog list's state lives in the URL: /blog?category=<slug>&page=<n>. */
export interface BlogSearch {
  categorySlug?: string;
  page: number;
}

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

/** The blog list's posts: its page and category links land here, below the hero and (on a phone) the categories. */
export const postListId = 'posts';

/** A link to a page of the blog's list that lands the reader on its posts. */
export function blogListLink(search: BlogSearch): SitePath {
  return `${blogListHref(search)}#${postListId}`;
}
