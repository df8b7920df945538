import { useQuery } from '@tanstack/react-query';
import type { RouteParams } from '../app/route-params.ts';
import { useBlogSource } from '../app/blog-source.tsx';
import { PostStructuredData } from '../components/PostStructuredData.tsx';
import { RelatedPosts } from '../components/RelatedPosts.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PostArticle } from '../components/PostArticle.tsx';
import { PostNotFound } from '../components/PostNotFound.tsx';
import { PreviewNotice } from '../components/PreviewNotice.tsx';
import { previewNotice } from '../content/page-copy/blog-post.ts';
import { postModifiedAt, postPath } from '../lib/blog-types.ts';
import { blogPostQuery, blogPreviewQuery } from '../lib/queries.ts';

function PublicPost({ slug }: { slug: string }) {
  const source = useBlogSource();
  // The route's prefetch left the store's answer in the request's cache: the post, or that it is missing.
  const { data: post } = useQuery(blogPostQuery(source, slug));
  if (!post) return <PostNotFound />;

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
      <RelatedPosts currentSlug={post.slug} />
    </>
  );
}

/** A draft or scheduled post as it will appear, under a line saying it is a preview; never indexed. */
function PostPreview({ token }: { token: string }) {
  const source = useBlogSource();
  const { data: post } = useQuery(blogPreviewQuery(source, token));
  if (!post) return <PostNotFound />;

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
      <RelatedPosts currentSlug={post.slug} />
    </>
  );
}

/**
 * A post's page: the post by its slug, or a draft or scheduled post by its signed preview link's token. One page
 * for both, as both show the same article.
 */
export default function BlogPostPage({ params: { slug = '', token } }: { params: RouteParams }) {
  return token === undefined ? <PublicPost slug={slug} /> : <PostPreview token={token} />;
}
