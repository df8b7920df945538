import { previewNotice } from '../content/page-copy/blog-post.ts';
import type { PreviewPost } from '../lib/blog-types.ts';
import { formatDate } from '../lib/format.ts';

/**
 * The line above a post's preview: that it is one, when the post goes live (or that it is a draft), who sees it.
 * The page's address is a password, so no link from it hands it on as a referrer (the server's header says so too).
 */
export function PreviewNotice({ publishedAt }: Pick<PreviewPost, 'publishedAt'>) {
  return (
    <div className="border-b border-sand-300 bg-sand-100">
      <meta name="referrer" content="no-referrer" />
      <p className="container-page max-w-4xl py-3 text-sm text-ink">
        <strong className="font-semibold">{previewNotice.label}.</strong>{' '}
        {publishedAt === null ? (
          previewNotice.draft
        ) : (
          <>
            {previewNotice.scheduled} <time dateTime={publishedAt}>{formatDate(publishedAt)}</time>.
          </>
        )}{' '}
        {previewNotice.audience}
      </p>
    </div>
  );
}
