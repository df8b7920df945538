import { loadStore, type StoreOptions } from '../content-store.server.ts';
import { byPublishedAtNewestFirst, postState, type PostState } from '../post-state.server.ts';

export interface ListedPost {
  id: number;
  slug: string;
  title: string;
  category: string;
  /** null for a draft. */
  publishedAt: string | null;
  state: PostState;
}

/** Every post, scheduled ones and drafts included, newest publishedAt first (drafts before them all). */
export async function listPosts(options: StoreOptions): Promise<ListedPost[]> {
  const data = await loadStore(options.dataFile);
  const categories = new Map(data.categories.map((c) => [c.id, c]));
  return [...data.posts].sort(byPublishedAtNewestFirst).map((post) => ({
    id: post.id,
    slug: post.slug,
    title: post.title,
    category: categories.get(post.categoryId)?.slug ?? String(post.categoryId),
    publishedAt: post.publishedAt,
    state: postState(post),
  }));
}
