import { useQuery } from '@tanstack/react-query';
import { Link } from '../components/Link.tsx';
import { CategoryList } from '../components/CategoryList.tsx';
import { NewsletterSignup } from '../components/NewsletterSignup.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { TeamSection } from '../components/TeamSection.tsx';
import { blogCopy as copy, blogListMessages } from '../content/page-copy/blog.ts';
import type { loadBlogList } from '../lib/blog-loads.ts';
import { blogListHref, blogListLink, postListId, type BlogSearch } from '../lib/blog-search.ts';
import { usePageConfig } from '../lib/page-config.ts';
import type { blogPostsQuery } from '../lib/queries.ts';
import type { SitePath } from '../content/navigation.ts';
import { teamHoldsOnlyWriters } from '../lib/team.ts';

/** A message in place of the list, with a link to another list. */
function ListMessage({
  heading,
  text,
  link,
}: {
  heading: string;
  text: string;
  link?: { label: string; to: SitePath };
}) {
  return (
    <div className="card p-8 text-center">
      <h2 className="text-xl font-bold">{heading}</h2>
      <p className="mt-2 text-slate-600">{text}</p>
      {link && (
        <Link to={link.to} className="btn-dark mt-6">
          {link.label}
        </Link>
      )}
    </div>
  );
}

/** A page of the list, as the route's load left it in the request's cache. */
function Posts({ query, search }: { query: ReturnType<typeof blogPostsQuery>; search: BlogSearch }) {
  const { data: list } = useQuery(query);
  if (!list || list.posts.length === 0) {
    const message = search.categorySlug ? blogListMessages.emptyCategory : blogListMessages.emptyBlog;
    const link = 'link' in message ? { label: message.link, to: blogListLink({ page: 1 }) } : undefined;
    return <ListMessage heading={message.heading} text={message.text} link={link} />;
  }
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        {list.posts.map((post, index) => (
          // The first card's image is the first screen's largest: it is preloaded.
          <PostCard key={post.id} post={post} priority={index === 0} />
        ))}
      </div>
      <Pagination page={search.page} pages={list.pagination.pages} categorySlug={search.categorySlug} />
    </>
  );
}

export default function BlogPage(loaded: Awaited<ReturnType<typeof loadBlogList>>) {
  const { search } = loaded.data;
  const categories = useQuery(loaded.data.categories);
  const { newsletterSignup } = usePageConfig();
  const category = loaded.outcome === 'unknown-category' ? undefined : loaded.data.category;
  let title: string = category ? `${category.name} articles` : copy.title;
  let body;
  if (loaded.outcome === 'unknown-category') {
    const message = blogListMessages.unknownCategory;
    title = message.title;
    const link = { label: message.link, to: blogListLink({ page: 1 }) };
    body = <ListMessage heading={message.heading} text={message.text} link={link} />;
  } else if (loaded.outcome === 'past-last-page') {
    // Past the list's last page: the page does not exist, and its first page does (the same category's).
    const message = blogListMessages.pastLastPage;
    title = `${message.title} – ${title}`;
    const to = blogListLink({ categorySlug: search.categorySlug, page: 1 });
    body = <ListMessage heading={message.heading} text={message.text} link={{ label: message.link, to }} />;
  } else {
    if (search.page > 1) title = `${title} – Page ${search.page}`;
    body = <Posts query={loaded.data.posts} search={search} />;
  }
  // Every page past the last (and every unknown category) is the same page, whatever its number: the server keeps
  // one copy of it, as the list's first page is its canonical address.
  const notFound = loaded.outcome !== 'list';

  return (
    <>
      <PageMeta
        title={title}
        description={category ? `${category.name}: ${copy.description}` : copy.description}
        path={blogListHref({ categorySlug: category?.slug, page: notFound ? 1 : search.page })}
        noindex={notFound}
      />
      <PageHero eyebrow="Blog" heading={category ? category.name : copy.heading} intro={copy.intro} />
      {/* The sidebar comes first in the HTML, as phones show it, so that nothing moves while the page streams in. */}
      {/* From 1024px the newsletter's sign-up stands under the categories, beside the list; below, after it. */}
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_18rem] lg:grid-rows-[auto_1fr] lg:py-16">
        <aside className="lg:col-start-2 lg:row-start-1">
          {categories.data && <CategoryList categories={categories.data} selectedSlug={search.categorySlug} />}
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
