import { blogListHref, lastReadablePage, listPageCount, missingCategorySlug, parseBlogSearch } from './blog-search.ts';
import { missingPostSlug, postPath } from './blog-types.ts';
import { newsletterCategorySlug } from './newsletter.ts';
import { blogCategoriesQuery, blogPostQuery, blogPostsQuery, blogPreviewQuery, relatedPostsQuery } from './queries.ts';
import type { LoadContext } from './route-load.ts';

/**
 * The blog's list: its categories and the page of posts asked for. An unknown category and a page past the last are
 * 404s, known from the categories alone, so that neither depends on the page's number; every address of each kind
 * is rendered as one (every unknown category as `~missing`, every page past a list's last as its highest page).
 */
export async function loadBlogList({ queryClient, source, searchParams }: LoadContext) {
  const search = parseBlogSearch(searchParams);
  const categories = blogCategoriesQuery(source);
  const all = await queryClient.fetchQuery(categories);
  const category = search.categorySlug ? all.find((c) => c.slug === search.categorySlug) : undefined;
  if (search.categorySlug && !category) {
    const sharedUrl = blogListHref({ categorySlug: missingCategorySlug, page: 1 });
    return { status: 404, outcome: 'unknown-category', data: { categories, search }, sharedUrl } as const;
  }
  if (search.page > 1 && search.page > listPageCount(all, category)) {
    const sharedUrl = blogListHref({ categorySlug: search.categorySlug, page: lastReadablePage });
    return { status: 404, outcome: 'past-last-page', data: { categories, category, search }, sharedUrl } as const;
  }
  const posts = blogPostsQuery(source, { categoryId: category?.id, page: search.page });
  await queryClient.fetchQuery(posts);
  return { status: 200, outcome: 'list', data: { categories, category, search, posts } } as const;
}

// A slug no post can have: the page for a missing post names no slug (its canonical link is /blog).
const missingPost = {
  status: 404,
  outcome: 'post-not-found',
  data: undefined,
  sharedUrl: postPath(missingPostSlug),
} as const;

/** A post and the related posts shown under it; 404 for an unknown post. */
export async function loadBlogPost({ queryClient, source, params }: LoadContext) {
  const slug = params.slug ?? '';
  const post = blogPostQuery(source, slug);
  try {
    await queryClient.fetchQuery(post);
  } catch {
    return missingPost;
  }
  // Related articles load after the post, and are in the first HTML for crawlers.
  const related = relatedPostsQuery(source, slug);
  await queryClient.prefetchQuery(related);
  return { status: 200, outcome: 'post', data: { post, related } } as const;
}

/** A post's preview, with the related posts shown under it; a link that shows nothing is a missing post. */
export async function loadBlogPreview({ queryClient, source, params }: LoadContext) {
  const post = blogPreviewQuery(source, params.token ?? '');
  let slug: string;
  try {
    ({ slug } = await queryClient.fetchQuery(post));
  } catch {
    return missingPost;
  }
  const related = relatedPostsQuery(source, slug);
  await queryClient.prefetchQuery(related);
  return { status: 200, outcome: 'preview', data: { post, related } } as const;
}

/** The newsletter's page: its latest issue, the newest post of the Newsletter category, once there is one. */
export async function loadNewsletter({ queryClient, source }: LoadContext) {
  const all = await queryClient.fetchQuery(blogCategoriesQuery(source));
  const category = all.find((c) => c.slug === newsletterCategorySlug);
  if (!category) return { status: 200, outcome: 'no-issue', data: undefined } as const;
  const issues = blogPostsQuery(source, { categoryId: category.id, page: 1 });
  await queryClient.fetchQuery(issues);
  return { status: 200, outcome: 'issues', data: { issues } } as const;
}
