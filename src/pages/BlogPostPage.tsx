import { useQuery } from '@tanstack/react-query';
import { PostStructuredData } from '../components/PostStructuredData.tsx';
import { RelatedPosts } from '../components/RelatedPosts.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PostArticle } from '../components/PostArticle.tsx';
import { PostNotFound } from '../components/PostNotFound.tsx';
import { PreviewNotice } from '../components/PreviewNotice.tsx';
import { previewNotice } from '../content/page-copy/blog-post.ts';
import type { loadBlogPost, loadBlogPreview } from '../lib/blog-loads.ts';
import { postModifiedAt, postPath } from '../lib/blog-types.ts';
import type { blogPostQuery, blogPreviewQuery, relatedPostsQuery } from '../lib/queries.ts';

interface PostQueries<Query> {
  post: Query;
  related: ReturnType<typeof relatedPostsQuery>;
}

function PublicPost({ queries }: { queries: PostQueries<ReturnType<typeof blogPostQuery>> }) {
  // The route's load left the post in the request's cache.
  const { data: post } = useQuery(queries.post);
  if (!post) return null;

  return (
    <>
      <PageMeta
        title={post.title}
        description={post.summary}
        path={postPath(post.slug)}
        image={post.featuredImage}
        type="article"
        publishedTime={post.publishedAt}
        modifiedTime={postModifiedAt(post)}
      />
      <PostStructuredData post={post} />
      <PostArticle post={post} />
      <RelatedPosts query={queries.related} currentSlug={post.slug} />
    </>
  );
}

/** A draft or scheduled post as it will appear, under a line saying it is a preview; never indexed. */
function PostPreview({ queries }: { queries: PostQueries<ReturnType<typeof blogPreviewQuery>> }) {
  const { data: post } = useQuery(queries.post);
  if (!post) return null;

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
      <PreviewNotice publishedAt={post.publishedAt} />
      <PostArticle post={post} />
      <RelatedPosts query={queries.related} currentSlug={post.slug} />
    </>
  );
}

/**
 * A post's page: the post by its slug, or a draft or scheduled post by its signed preview link's token. One page
 * for both, as both show the same article.
 */
export default function BlogPostPage(
  loaded: Awaited<ReturnType<typeof loadBlogPost>> | Awaited<ReturnType<typeof loadBlogPreview>>,
) {
  if (loaded.outcome === 'post-not-found') return <PostNotFound />;
  return loaded.outcome === 'post' ? <PublicPost queries={loaded.data} /> : <PostPreview queries={loaded.data} />;
}
