import { postPath, previewPath } from '../../../lib/blog-types.ts';
import { defaultPreviewDays, maxPreviewDays, newPreviewKey, previewLinks } from '../../preview-links.server.ts';
import type { StoredPost } from '../../../lib/store-schema.ts';
import { ContentError } from '../content-error.server.ts';
import { loadStore, modifyStore, type StoreOptions } from '../content-store.server.ts';
import { postState, type PostState } from '../post-state.server.ts';

export interface PreviewOptions extends StoreOptions {
  slug: string;
  /** How many days the link works. */
  days: number;
  /** The site's origin (SITE_URL), which the link starts with. */
  siteUrl: string;
  /** The site's secret (FORM_SECRET or the key file beside ENQUIRIES_FILE), which the server checks links with. */
  secret: Buffer;
}

export interface PreviewResult {
  url: string;
  post: StoredPost;
  state: PostState;
  expiresAt: Date;
}

/** `--days`: a whole number of days from 1 to the most a link may live; the default when not given. */
export function previewDays(value: string | undefined): number {
  if (value === undefined) return defaultPreviewDays;
  const days = /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (days >= 1 && days <= maxPreviewDays) return days;
  throw new ContentError(`--days must be a whole number from 1 to ${maxPreviewDays} (got ${JSON.stringify(value)})`);
}

const noSuchPost = (slug: string) => new ContentError(`no post with slug "${slug}" (see: npm run content -- list)`);

type KeyedPost = StoredPost & { previewKey: string };
const hasPreviewKey = (post: StoredPost): post is KeyedPost => post.previewKey !== undefined;

/**
 * Gives the post a new preview key under the store's lock, which ends every link made with the one before; with
 * `onlyIfMissing`, only a post that has none yet (one stored before keys existed) gets one.
 */
async function renewPreviewKey(dataFile: string, slug: string, onlyIfMissing: boolean): Promise<KeyedPost> {
  return modifyStore(dataFile, async (data) => {
    const post = data.posts.find((p) => p.slug === slug);
    if (!post) throw noSuchPost(slug);
    const renewed = onlyIfMissing && hasPreviewKey(post) ? post : { ...post, previewKey: newPreviewKey() };
    return { data: { ...data, posts: data.posts.map((p) => (p === post ? renewed : p)) }, result: renewed };
  });
}

/**
 * A signed link that shows a draft or a scheduled post as it will appear, to whoever holds it, until it expires.
 * Writes only to give a post stored before preview keys existed its key. A post already public needs no preview:
 * its own address is given instead.
 */
export async function previewLink(options: PreviewOptions): Promise<PreviewResult> {
  const data = await loadStore(options.dataFile);
  const found = data.posts.find((p) => p.slug === options.slug);
  if (!found) throw noSuchPost(options.slug);
  const state = postState(found);
  if (state === 'published') {
    throw new ContentError(
      `post "${found.slug}" is already published: ${options.siteUrl}${postPath(found.slug)} (a preview is for a draft or a scheduled post)`,
    );
  }
  const post = hasPreviewKey(found) ? found : await renewPreviewKey(options.dataFile, found.slug, true);
  const { token, expiresAt } = previewLinks(options.secret).issue(post, options.days);
  return { url: `${options.siteUrl}${previewPath(token)}`, post, state, expiresAt };
}

/** `preview <slug> --revoke`: every link made for the post so far stops working; links made after work again. */
export async function revokePreviewLinks(options: StoreOptions & { slug: string }): Promise<StoredPost> {
  return renewPreviewKey(options.dataFile, options.slug, false);
}
