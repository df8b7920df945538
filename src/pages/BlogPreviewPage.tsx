import { useQuery } from '@tanstack/react-query';
import { Eye as eyeIcon } from 'lucide';
import { withBlogQueries } from '../app/blog-queries.tsx';
import { useBlogSource } from '../app/blog-source.tsx';
import { useRouteParams } from '../app/route-params.tsx';
import { DeferredRelatedPosts } from '../components/DeferredRelatedPosts.tsx';
import { LucideIcon } from '../components/LucideIcon.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PostArticle } from '../components/PostArticle.tsx';
import { PostNotFound } from '../components/PostNotFound.tsx';
import { PostSkeleton } from '../components/PostSkeleton.tsx';
import { previewNotice } from '../content/page-copy/blog-post.ts';
import { postPath } from '../lib/blog-types.ts';
import { formatDate } from '../lib/format.ts';
import { blogPreviewQuery } from '../lib/queries.ts';

/** A draft or scheduled post, as it will appear, under a line that says it is a preview and when it goes live. */
function BlogPreviewPage() {
  const { token = '' } = useRouteParams();
  const source = useBlogSource();
  const { data: post, isPending, isError } = useQuery(blogPreviewQuery(source, token));

  if (isPending) return <PostSkeleton />;
  if (isError) return <PostNotFound />;

  return (
    <>
      <PageMeta
        title={`${previewNotice.label}: ${post.title}`}
        description={post.summary}
        path={postPath(post.slug)}
        image={post.featuredImage}
        type="article"
        noindex
      />
      <div className="border-b border-sand-300 bg-sand-100">
        <p className="container-page flex max-w-4xl items-start gap-2 py-3 text-sm text-ink">
          <LucideIcon icon={eyeIcon} name="eye" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{previewNotice.label}.</strong>{' '}
            {post.publishedAt === null ? (
              previewNotice.draft
            ) : (
              <>
                {previewNotice.scheduled} <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>.
              </>
            )}{' '}
            {previewNotice.audience}
          </span>
        </p>
      </div>
      <PostArticle post={post} />
      <DeferredRelatedPosts currentSlug={post.slug} />
    </>
  );
}

export default withBlogQueries(BlogPreviewPage);
