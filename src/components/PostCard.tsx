import { ArrowRight as arrowRightIcon, Calendar as calendarIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { Link } from './Link.tsx';
import { postPath, type PostSummary } from '../lib/blog-types.ts';
import { formatDate } from '../lib/format.ts';
import { PostImage } from './PostImage.tsx';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';

interface PostCardProps {
  post: PostSummary;
  headingLevel?: 'h2' | 'h3';
  priority?: boolean;
}

export function PostCard({ post, headingLevel: Heading = 'h2', priority = false }: PostCardProps) {
  const href = postPath(post.slug);
  return (
    <article className="card group flex flex-col overflow-hidden transition-shadow hover:shadow-lg fade-in">
      <PostImage
        src={post.featuredImage}
        alt=""
        priority={priority}
        sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        className="aspect-[40/21] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-sm font-semibold text-sea-700">{post.category.name}</p>
        <Heading className="text-xl leading-snug font-bold text-ink">
          <Link to={href} className="after:absolute after:inset-0 hover:text-harbour-600 focus-visible:outline-none">
            <KeepTogether text={post.title} />
          </Link>
        </Heading>
        <p className="line-clamp-3 text-slate-600">
          <KeepTogether text={post.summary} />
        </p>
        <div className="mt-auto flex items-center justify-between pt-2 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <LucideIcon icon={calendarIcon} name="calendar" className="size-4" />
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          </span>
          <span className="inline-flex items-center gap-1 font-semibold text-harbour-600" aria-hidden="true">
            Read article{' '}
            <LucideIcon
              icon={arrowRightIcon}
              name="arrow-right"
              className="size-4 transition-transform group-hover:translate-x-0.5"
            />
          </span>
        </div>
      </div>
    </article>
  );
}
