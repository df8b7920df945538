import { postPath, previewPath } from '../../../lib/blog-types.ts';
import { defaultPreviewDays, maxPreviewDays, previewLinks } from '../../preview-links.server.ts';
import type { StoredPost } from '../../store-schema.ts';
import { ContentError } from '../content-error.server.ts';
import { loadStore, type StoreOptions } from '../content-store.server.ts';
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

/**
 * A signed link that shows a draft or a scheduled post as it will appear, to whoever holds it, until it expires.
 * Never writes. A post already public needs no preview: its own address is given instead.
 */
export async function previewLink(options: PreviewOptions): Promise<PreviewResult> {
  const data = await loadStore(options.dataFile);
  const post = data.posts.find((p) => p.slug === options.slug);
  if (!post) throw new ContentError(`no post with slug "${options.slug}" (see: npm run content -- list)`);
  const state = postState(post);
  if (state === 'published') {
    throw new ContentError(
      `post "${post.slug}" is already published: ${options.siteUrl}${postPath(post.slug)} (a preview is for a draft or a scheduled post)`,
    );
  }
  const { token, expiresAt } = previewLinks(options.secret).issue(post.slug, options.days);
  return { url: `${options.siteUrl}${previewPath(token)}`, post, state, expiresAt };
}
