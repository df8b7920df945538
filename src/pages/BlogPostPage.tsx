import { useQuery } from '@tanstack/react-query';
import { withBlogQueries } from '../app/blog-queries.tsx';
import { useRouteParams } from '../app/route-params.tsx';
import { useBlogSource } from '../app/blog-source.tsx';
import { DeferredPostStructuredData } from '../components/DeferredPostStructuredData.tsx';
import { DeferredRelatedPosts } from '../components/DeferredRelatedPosts.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PostArticle } from '../components/PostArticle.tsx';
import { PostNotFound } from '../components/PostNotFound.tsx';
import { PostSkeleton } from '../components/PostSkeleton.tsx';
import { postModifiedAt, postPath } from '../lib/blog-types.ts';
import { blogPostQuery } from '../lib/queries.ts';

function BlogPostPage() {
  const { slug = '' } = useRouteParams();
  const source = useBlogSource();
  const { data: post, isPending, isError } = useQuery(blogPostQuery(source, slug));

  if (isPending) return <PostSkeleton />;
  if (isError) return <PostNotFound />;

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
      <DeferredPostStructuredData post={post} />
      <PostArticle post={post} />
      <DeferredRelatedPosts currentSlug={post.slug} />
    </>
  );
}

export default withBlogQueries(BlogPostPage);
