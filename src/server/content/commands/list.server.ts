import { loadStore, type StoreOptions } from '../content-store.server.ts';
import { postState, type PostState } from '../post-state.server.ts';

export interface ListedPost {
  id: number;
  slug: string;
  title: string;
  category: string;
  publishedAt: string;
  state: PostState;
}

/** Every post, scheduled ones included, newest publishedAt first. */
export async function listPosts(options: StoreOptions): Promise<ListedPost[]> {
  const data = await loadStore(options.dataFile);
  const categories = new Map(data.categories.map((c) => [c.id, c]));
  return [...data.posts]
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || b.id - a.id)
    .map((post) => ({
      id: post.id,
      slug: post.slug,
      title: post.title,
      category: categories.get(post.categoryId)?.slug ?? String(post.categoryId),
      publishedAt: post.publishedAt,
      state: postState(post),
    }));
}
