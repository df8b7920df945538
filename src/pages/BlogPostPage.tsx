import { ArrowLeft as arrowLeftIcon, Calendar as calendarIcon, Clock as clockIcon, User as userIcon } from 'lucide';
import { useQuery } from '@tanstack/react-query';
import { withBlogQueries } from '../app/blog-queries.tsx';
import { useEffect, useRef } from 'react';
import { LucideIcon } from '../components/LucideIcon.tsx';
import { Link } from '../components/Link.tsx';
import { useRouteParams } from '../app/route-params.tsx';
import { useBlogSource } from '../app/blog-source.tsx';
import { useSiteConfig } from '../app/site-config.tsx';
import { BookConsultLink } from '../components/BookConsultLink.tsx';
import { authorName } from '../content/authors.ts';
import { postCallToAction } from '../content/page-copy/blog-post.ts';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { PostStructuredData } from '../components/PostStructuredData.tsx';
import { RelatedPosts } from '../components/RelatedPosts.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PostImage } from '../components/PostImage.tsx';
import { ShareLinks } from '../components/ShareLinks.tsx';
import { postModifiedAt, postPath } from '../lib/blog-types.ts';
import { formatDate, readingMinutes } from '../lib/format.ts';
import { blogPostQuery } from '../lib/queries.ts';
import { enableVideoFacades } from '../lib/video-facade.ts';

function PostNotFound() {
  return (
    <>
      <PageMeta
        title="Blog Post Not Found"
        description="The blog post you're looking for doesn't exist or has been removed."
        path="/blog"
        noindex
      />
      <section className="container-page flex flex-col items-center py-24 text-center">
        <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">Blog Post Not Found</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-600">
          The blog post you're looking for doesn't exist or has been removed.
        </p>
        <Link to="/blog" className="btn-dark mt-8" data-cta="post-not-found-blog">
          <LucideIcon icon={arrowLeftIcon} name="arrow-left" className="size-4" /> Go Back to Blog
        </Link>
      </section>
    </>
  );
}

function PostSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading article" className="container-page max-w-3xl space-y-4 py-16">
      <div className="skeleton h-4 w-48" />
      <div className="skeleton h-10 w-full" />
      <div className="skeleton h-10 w-2/3" />
      <div className="skeleton mt-8 aspect-[40/21] w-full rounded-2xl" />
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="skeleton h-4 w-full" />
      ))}
    </div>
  );
}

function BlogPostPage() {
  const { slug = '' } = useRouteParams();
  const source = useBlogSource();
  const config = useSiteConfig();
  const { data: post, isPending, isError } = useQuery(blogPostQuery(source, slug));
  const body = useRef<HTMLDivElement>(null);
  const html = post?.html;
  useEffect(() => (body.current && html !== undefined ? enableVideoFacades(body.current) : undefined), [html]);

  if (isPending) return <PostSkeleton />;
  if (isError) return <PostNotFound />;

  const url = `${config.siteUrl}${postPath(post.slug)}`;
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
      <article>
        <header className="bg-harbour-50">
          <div className="container-page max-w-4xl pt-8 pb-10">
            <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Blog', to: '/blog' }, { label: post.title }]} />
            <Link
              to={`/blog?category=${post.category.slug}`}
              className="mt-8 inline-block rounded-full bg-sea-100 px-3 py-1 text-sm font-semibold text-sea-700 hover:bg-sea-50"
            >
              {post.category.name}
            </Link>
            <h1 className="fade-in mt-4 text-3xl leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-5xl">
              {post.title}
            </h1>
            <p className="mt-4 text-lg text-slate-600">{post.summary}</p>
            {/* Two fixed columns on phones rather than wrapping: an item whose icon is painted before its text
                arrives must not jump to the next line when the text comes in. */}
            <ul className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 text-sm text-slate-600 sm:flex sm:flex-wrap">
              <li className="inline-flex items-center gap-1.5">
                <LucideIcon icon={userIcon} name="user" className="size-4" />
                <span>
                  By <span className="font-medium text-slate-800">{authorName(post.author.username)}</span>
                </span>
              </li>
              <li className="inline-flex items-center gap-1.5">
                <LucideIcon icon={calendarIcon} name="calendar" className="size-4" />
                <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
              </li>
              <li className="inline-flex items-center gap-1.5">
                <LucideIcon icon={clockIcon} name="clock" className="size-4" />
                {readingMinutes(post)} min read
              </li>
            </ul>
          </div>
        </header>
        <div className="container-page max-w-4xl">
          <PostImage
            src={post.featuredImage}
            alt=""
            priority
            sizes="(min-width: 896px) 864px, 100vw"
            className="-mt-2 aspect-[40/21] w-full rounded-2xl object-cover shadow-lg"
          />
        </div>
        <div className="container-page max-w-3xl py-10">
          <div ref={body} className="prose-post" dangerouslySetInnerHTML={{ __html: post.html }} />
          <div className="mt-12 border-t border-slate-200 pt-6">
            <ShareLinks url={url} title={post.title} />
          </div>
          <aside aria-labelledby="post-cta-heading" className="mt-10 rounded-2xl bg-harbour-800 p-8 text-white">
            <h2 id="post-cta-heading" className="text-2xl font-bold">
              {postCallToAction.heading}
            </h2>
            <p className="mt-2 text-slate-200">{postCallToAction.text}</p>
            <BookConsultLink cta="post-book-free-consult" className="btn-primary mt-6" icon={false} />
          </aside>
        </div>
      </article>
      <RelatedPosts currentSlug={post.slug} />
    </>
  );
}

export default withBlogQueries(BlogPostPage);
