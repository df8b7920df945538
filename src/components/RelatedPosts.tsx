import { useQuery } from '@tanstack/react-query';
import { RELATED_LIMIT } from '../lib/blog-types.ts';
import type { relatedPostsQuery } from '../lib/queries.ts';
import { PostCard } from './PostCard.tsx';

/**
 * Loaded only once the post has loaded: its category's posts first, then the newest; the current post is left out
 * and at most three are shown.
 */
export function RelatedPosts({
  query,
  currentSlug,
}: {
  query: ReturnType<typeof relatedPostsQuery>;
  currentSlug: string;
}) {
  const related = useQuery(query);
  const posts = related.data?.filter((post) => post.slug !== currentSlug).slice(0, RELATED_LIMIT) ?? [];
  return (
    <section aria-labelledby="related-heading" className="bg-slate-50 py-14">
      <div className="container-page">
        <h2 id="related-heading" className="text-2xl font-bold text-ink sm:text-3xl">
          Related articles
        </h2>
        {related.isError ? (
          <p role="alert" className="mt-6 text-slate-600">
            Related articles could not be loaded.
          </p>
        ) : posts.length === 0 ? (
          <p className="mt-6 text-slate-600">No related articles found.</p>
        ) : (
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} headingLevel="h3" />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
