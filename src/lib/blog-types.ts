import type { SitePath } from '../content/navigation.ts';
import type { StoredCategory, StoredPost } from './store-schema.ts';

/** A category as the site shows it; the package its posts lead to is resolved into each post's `plan`. */
export type Category = Omit<StoredCategory, 'plan'>;
export interface CategoryWithCount extends Category {
  postCount: number;
}

export interface Post extends Omit<StoredPost, 'categoryId' | 'author' | 'publishedAt' | 'previewKey'> {
  category: Category;
  /** The package the post ends with: its own, else its category's, else the offer's default for posts. */
  plan: NonNullable<StoredPost['plan']>;
  author: { username: string };
  /** A public post always has its time (only drafts in the store have none). */
  publishedAt: string;
  /** The markdown rendered to safe HTML; the page uses this, never `content`. */
  html: string;
}

/** A post that is not public yet, as its preview shows it: scheduled (a future publishedAt) or a draft (null). */
export interface PreviewPost extends Omit<Post, 'publishedAt'> {
  publishedAt: string | null;
}

export type PostSummary = Omit<Post, 'content' | 'html'>;

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface PostList {
  posts: PostSummary[];
  pagination: Pagination;
}

export interface PostListParams {
  categoryId?: number;
  page: number;
  limit: number;
}

export const BLOG_PAGE_SIZE = 6;
export const RELATED_LIMIT = 3;

/** Where the blog's pages read their data from: the store's source (src/server/store.server.ts). */
export interface BlogSource {
  categories(): Promise<CategoryWithCount[]>;
  posts(params: PostListParams): Promise<PostList>;
  post(slug: string): Promise<Post>;
  /** The newest posts or, given a post's slug, the posts related to it (its category's first). */
  featured(limit: number, related?: string): Promise<PostSummary[]>;
  /** The post a signed preview link names, while it is not public; rejects with 'Post not found' otherwise. */
  preview(token: string): Promise<PreviewPost>;
}

/** A post's address on the site, e.g. `/blog/google-business-profile-newcastle`. */
export const postPath = (slug: string): SitePath => `/blog/${slug}`;

/**
 * The slug every missing post's page is rendered with (one cache entry for them all): a `~` is in no post's slug,
 * so no post is ever this one.
 */
export const missingPostSlug = '~missing';

/** The address of a post's signed preview link (src/server/preview-links.server.ts makes the token). */
export const previewPath = (token: string): string => `/blog/preview/${token}`;

/**
 * When a post last changed, for sitemaps, Open Graph and JSON-LD: the later of its publish time and the time it
 * went into the store. Compared as instants, since the two may be written with different UTC offsets.
 */
export function postModifiedAt(post: Pick<Post, 'publishedAt' | 'createdAt'>): string {
  return Date.parse(post.createdAt) > Date.parse(post.publishedAt) ? post.createdAt : post.publishedAt;
}
