import { postSchema, type StoredPost } from '../../../lib/store-schema.ts';
import { ContentError } from '../content-error.server.ts';
import { modifyStore, type StoreOptions } from '../content-store.server.ts';
import { dateProblem } from '../post-file.server.ts';
import { postState, type PostState } from '../post-state.server.ts';

export interface PublishOptions extends StoreOptions {
  slug: string;
  /** When it goes live: an ISO date-time with its zone; default now. A future time schedules it. */
  at?: string;
}

export interface PublishResult {
  post: StoredPost;
  state: PostState;
}

const publishTime = postSchema.shape.publishedAt.unwrap();

/**
 * Gives a draft or a scheduled post its publish time. A post already public is refused: its date is its readers'
 * (change it in its file with `add --update`).
 */
export async function publishPost(options: PublishOptions): Promise<PublishResult> {
  const now = new Date();
  let at = now.toISOString();
  if (options.at !== undefined) {
    const parsed = publishTime.safeParse(options.at.trim());
    if (!parsed.success) throw new ContentError(`--at ${JSON.stringify(options.at)} ${dateProblem(options.at)}`);
    at = parsed.data;
  }
  return modifyStore(options.dataFile, async (data) => {
    const post = data.posts.find((p) => p.slug === options.slug);
    if (!post) throw new ContentError(`no post with slug "${options.slug}" (see: npm run content -- list)`);
    if (postState(post, now) === 'published') {
      throw new ContentError(
        `post "${post.slug}" is already published (${post.publishedAt}); to change its date, set publishedAt in its file and run add --update`,
      );
    }
    const published: StoredPost = { ...post, publishedAt: at };
    return {
      data: { ...data, posts: data.posts.map((p) => (p === post ? published : p)) },
      result: { post: published, state: postState(published, now) },
    };
  });
}
