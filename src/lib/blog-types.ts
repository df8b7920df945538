import type { SitePath } from '../content/navigation.ts';
import type { StoredCategory, StoredPost } from '../server/store-schema.ts';

export type Category = StoredCategory;
export interface CategoryWithCount extends Category {
  postCount: number;
}

export interface Post extends Omit<StoredPost, 'categoryId' | 'author'> {
  category: Category;
  author: { username: string };
  /** The markdown rendered to safe HTML; the page uses this, never `content`. */
  html: string;
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

/** Where blog data comes from: the store on the server, the JSON API in the browser. */
export interface BlogSource {
  categories(): Promise<CategoryWithCount[]>;
  posts(params: PostListParams): Promise<PostList>;
  post(slug: string): Promise<Post>;
  featured(limit: number): Promise<PostSummary[]>;
}

/** A post's address on the site, e.g. `/blog/google-business-profile-newcastle`. */
export const postPath = (slug: string): SitePath => `/blog/${slug}`;

/**
 * When a post last changed, for sitemaps, Open Graph and JSON-LD: the later of its publish time and the time it
 * went into the store. Compared as instants, since the two may be written with different UTC offsets.
 */
export function postModifiedAt(post: Pick<Post, 'publishedAt' | 'createdAt'>): string {
  return Date.parse(post.createdAt) > Date.parse(post.publishedAt) ? post.createdAt : post.publishedAt;
}
