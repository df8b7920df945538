import { Calendar as calendarIcon, Clock as clockIcon, User as userIcon } from 'lucide';
import { usePageConfig } from '../lib/page-config.ts';
import { authorName } from '../content/authors.ts';
import { blogListLink } from '../lib/blog-search.ts';
import { postPath, type PreviewPost } from '../lib/blog-types.ts';
import { formatDate, readingMinutes } from '../lib/format.ts';
import { teamMemberByAuthor, teamMemberId, teamPagePath } from '../lib/team.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { Link } from './Link.tsx';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { PostImage } from './PostImage.tsx';
import { PostPackage } from './PostPackage.tsx';
import { postBodyAttribute } from '../shared/page-contract.ts';
import { ShareLinks } from './ShareLinks.tsx';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';

/**
 * A post as readers see it, from its header to the package it ends with: on its own page, and on its preview
 * (where a draft, which has no date yet, shows none).
 */
export function PostArticle({ post }: { post: PreviewPost }) {
  const config = usePageConfig();
  const url = `${config.siteUrl}${postPath(post.slug)}`;
  // A writer who is on the team links to their entry in the team section (on /about, or with the blog).
  const member = teamMemberByAuthor(post.author.username);
  return (
    <article>
      <header className="bg-harbour-50">
        <div className="container-page max-w-4xl pt-8 pb-10">
          <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Blog', to: '/blog' }, { label: post.title }]} />
          <Link
            to={blogListLink({ categorySlug: post.category.slug, page: 1 })}
            className="mt-8 inline-block rounded-full bg-sea-100 px-3 py-1 text-sm font-semibold text-sea-700 hover:bg-sea-50"
          >
            {post.category.name}
          </Link>
          <h1 className="fade-in mt-4 text-3xl leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-5xl">
            <KeepTogether text={post.title} />
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            <KeepTogether text={post.summary} />
          </p>
          {/* Two fixed columns on phones rather than wrapping: an item whose icon is painted before its text
              arrives must not jump to the next line when the text comes in. */}
          <ul className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 text-sm text-slate-600 sm:flex sm:flex-wrap">
            <li className="inline-flex items-center gap-1.5">
              <LucideIcon icon={userIcon} name="user" className="size-4" />
              <span>
                By{' '}
                {member ? (
                  <Link
                    to={`${teamPagePath()}#${teamMemberId(member.name)}`}
                    className="font-medium text-slate-800 underline underline-offset-4 hover:text-harbour-700"
                  >
                    {authorName(post.author.username)}
                  </Link>
                ) : (
                  <span className="font-medium text-slate-800">{authorName(post.author.username)}</span>
                )}
              </span>
            </li>
            {post.publishedAt !== null && (
              <li className="inline-flex items-center gap-1.5">
                <LucideIcon icon={calendarIcon} name="calendar" className="size-4" />
                <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
              </li>
            )}
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
        {/* Its video facades become players on a tap, by a plain script (src/browser/lib/page-behaviours.ts). */}
        <div
          {...{ [postBodyAttribute]: true }}
          className="prose-post"
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
        <div className="mt-12 border-t border-slate-200 pt-6">
          <ShareLinks url={url} title={post.title} />
        </div>
        <PostPackage planId={post.plan} />
      </div>
    </article>
  );
}
