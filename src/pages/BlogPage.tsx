import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../components/Link.tsx';
import { useBlogSource } from '../app/blog-source.tsx';
import { useSiteConfig } from '../browser/site-config.tsx';
import { CategoryList } from '../components/CategoryList.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { NewsletterSignup } from '../components/NewsletterSignup.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { TeamSection } from '../components/TeamSection.tsx';
import { blogCopy, blogListMessages } from '../content/page-copy/blog.ts';
import { blogListHref, blogListLink, listPageCount, parseBlogSearch, postListId } from '../lib/blog-search.ts';
import { blogCategoriesQuery, blogPostsQuery } from '../lib/queries.ts';
import { teamHoldsOnlyWriters } from '../lib/team.ts';

export default function BlogPage() {
  const [searchParams] = useSearchParams();
  const { categorySlug, page } = parseBlogSearch(searchParams);
  const source = useBlogSource();
  const { newsletterSignup } = useSiteConfig();
  const categories = useQuery(blogCategoriesQuery(source));
  const category = categorySlug ? categories.data?.find((c) => c.slug === categorySlug) : undefined;
  const unknownCategory = Boolean(categorySlug) && categories.isSuccess && !category;
  const pastLastPage = Boolean(categories.data && page > 1 && page > listPageCount(categories.data, category));
  // Every page past the last (and every unknown category) is the same page, whatever its number: the server keeps
  // one copy of it.
  const notFound = unknownCategory || pastLastPage;
  const shownPage = notFound ? 1 : page;
  const posts = useQuery({
    ...blogPostsQuery(source, { categoryId: category?.id, page }),
    enabled: (!categorySlug || Boolean(category)) && !pastLastPage,
  });

  const list = posts.data;
  const copy = blogCopy;
  const title = [category ? `${category.name} articles` : copy.title, shownPage > 1 ? `Page ${shownPage}` : '']
    .filter(Boolean)
    .join(' – ');

  let body;
  if (pastLastPage && !unknownCategory) {
    // Past the list's last page: the page does not exist, and its first page does (the same category's).
    const message = blogListMessages.pastLastPage;
    body = (
      <div className="card p-8 text-center">
        <h2 className="text-xl font-bold">{message.heading}</h2>
        <p className="mt-2 text-slate-600">{message.text}</p>
        <Link to={blogListLink({ categorySlug, page: 1 })} className="btn-dark mt-6">
          {message.link}
        </Link>
      </div>
    );
  } else if (!list || list.posts.length === 0) {
    const message = categorySlug ? blogListMessages.emptyCategory : blogListMessages.emptyBlog;
    body = (
      <div className="card p-8 text-center">
        <h2 className="text-xl font-bold">{message.heading}</h2>
        <p className="mt-2 text-slate-600">{message.text}</p>
        {categorySlug && (
          <Link to={blogListLink({ page: 1 })} className="btn-dark mt-6">
            {blogListMessages.emptyCategory.link}
          </Link>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <div className="grid gap-6 sm:grid-cols-2">
          {list.posts.map((post, index) => (
            // The first card's image is the first screen's largest: it is preloaded.
            <PostCard key={post.id} post={post} priority={index === 0} />
          ))}
        </div>
        <Pagination page={page} pages={list.pagination.pages} categorySlug={categorySlug} />
      </>
    );
  }

  return (
    <>
      <PageMeta
        title={title}
        description={category ? `${category.name}: ${copy.description}` : copy.description}
        path={blogListHref({ categorySlug: category?.slug, page: shownPage })}
        noindex={notFound}
      />
      <PageHero eyebrow="Blog" heading={category ? category.name : copy.heading} intro={copy.intro} />
      {/* The sidebar comes first in the HTML, as phones show it, so that nothing moves while the page streams in. */}
      {/* From 1024px the newsletter's sign-up stands under the categories, beside the list; below, after it. */}
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_18rem] lg:grid-rows-[auto_1fr] lg:py-16">
        <aside className="lg:col-start-2 lg:row-start-1">
          {categories.data && <CategoryList categories={categories.data} selectedSlug={categorySlug} />}
        </aside>
        <section id={postListId} aria-label="Posts" className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {body}
        </section>
        {newsletterSignup && (
          <div className="lg:col-start-2 lg:row-start-2">
            <NewsletterSignup size="compact" />
          </div>
        )}
      </div>
      {/* While the team holds only the blog's writers, this is where they are introduced (and bylines link). */}
      {teamHoldsOnlyWriters() && <TeamSection />}
    </>
  );
}
