import type { StoredPost } from '../../lib/store-schema.ts';

export type PostState = 'published' | 'scheduled' | 'draft';

/**
 * A draft has no publishedAt; a post is scheduled while its publishedAt lies in the future. The server hides both
 * until they are published.
 */
export function postState(post: Pick<StoredPost, 'publishedAt'>, now: Date = new Date()): PostState {
  if (post.publishedAt === null) return 'draft';
  return Date.parse(post.publishedAt) > now.getTime() ? 'scheduled' : 'published';
}

/** Newest first, drafts (which have no time yet) before every other post. */
export function byPublishedAtNewestFirst(a: StoredPost, b: StoredPost): number {
  const time = (post: StoredPost) => (post.publishedAt === null ? Infinity : Date.parse(post.publishedAt));
  return time(b) - time(a) || b.id - a.id;
}

/** `2 published, 1 scheduled`, and the drafts when there are any: what a store holds, for a summary line. */
export function stateCounts(posts: readonly Pick<StoredPost, 'publishedAt'>[]): string {
  const count = (state: PostState) => posts.filter((post) => postState(post) === state).length;
  const drafts = count('draft');
  return `${count('published')} published, ${count('scheduled')} scheduled${drafts ? `, ${drafts} draft${drafts === 1 ? '' : 's'}` : ''}`;
}
