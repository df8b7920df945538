import type { StoredPost } from '../store-schema.ts';

export type PostState = 'published' | 'scheduled';

/** A post is scheduled while its publishedAt lies in the future; the server hides it until then. */
export function postState(post: Pick<StoredPost, 'publishedAt'>, now: Date = new Date()): PostState {
  return Date.parse(post.publishedAt) > now.getTime() ? 'scheduled' : 'published';
}
