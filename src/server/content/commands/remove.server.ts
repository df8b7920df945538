import type { StoredPost } from '../../../lib/store-schema.ts';
import { ContentError } from '../content-error.server.ts';
import { modifyStore, type StoreOptions } from '../content-store.server.ts';
import { deleteImages, imagesOfPost, type PublicOptions } from '../images.server.ts';

export interface RemoveResult {
  post: StoredPost;
  /** Files deleted under public/images/blog: the images only this post used, with their copies. */
  deletedImages: string[];
}

/** Deletes a post, then the images only it used (never one another post names). */
export async function removePost(options: StoreOptions & PublicOptions & { slug: string }): Promise<RemoveResult> {
  return modifyStore(options.dataFile, async (data) => {
    const post = data.posts.find((p) => p.slug === options.slug);
    if (!post) throw new ContentError(`no post with slug "${options.slug}" (see: npm run content -- list)`);
    const posts = data.posts.filter((p) => p !== post);
    const stillUsed = new Set(posts.flatMap(imagesOfPost));
    const orphans = imagesOfPost(post).filter((reference) => !stillUsed.has(reference));
    const result: RemoveResult = { post, deletedImages: [] };
    return {
      data: { ...data, posts },
      result,
      afterWrite: async () => {
        result.deletedImages = await deleteImages(options.publicDir, orphans);
      },
    };
  });
}
