import { ChevronLeft as chevronLeftIcon, ChevronRight as chevronRightIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { Link } from './Link.tsx';
import { blogListLink } from '../lib/blog-search.ts';

interface PaginationProps {
  page: number;
  pages: number;
  categorySlug?: string;
}

/**
 * The page numbers to show: the first, the last and two either side of the current one, with a gap
 * (null) where numbers are left out, so that a blog of any length keeps a short bar.
 */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((number, index) => {
    const previous = sorted[index - 1];
    if (previous === undefined || number === previous + 1) return [number];
    return number === previous + 2 ? [previous + 1, number] : [null, number];
  });
}

/** Real links, so paging works without JavaScript; Previous and Next are disabled at the ends. */
export function Pagination({ page, pages, categorySlug }: PaginationProps) {
  if (pages <= 1) return null;
  const href = (target: number) => blogListLink({ categorySlug, page: target });
  const edge = (label: string, target: number, disabled: boolean, icon: 'prev' | 'next') => {
    const content = (
      <>
        {icon === 'prev' && <LucideIcon icon={chevronLeftIcon} name="chevron-left" className="size-4" />}
        {label}
        {icon === 'next' && <LucideIcon icon={chevronRightIcon} name="chevron-right" className="size-4" />}
      </>
    );
    return disabled ? (
      <span role="link" aria-disabled="true" className="btn-disabled text-sm">
        {content}
      </span>
    ) : (
      <Link to={href(target)} rel={icon} className="btn-outline text-sm">
        {content}
      </Link>
    );
  };
  return (
    // On a phone the numbers take a row of their own above Previous and Next, which share the next one: Next never
    // wraps onto a line alone.
    <nav
      aria-label="Pagination"
      className="mt-12 grid grid-cols-2 items-center gap-2 sm:flex sm:flex-wrap sm:justify-center"
    >
      <span className="justify-self-start">{edge('Previous', page - 1, page <= 1, 'prev')}</span>
      <ul className="order-first col-span-2 flex items-center justify-center gap-1 sm:order-none">
        {pageWindow(page, pages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={href(number)}
                aria-label={`Page ${number}`}
                aria-current={number === page ? 'page' : undefined}
                className={`inline-flex size-11 items-center justify-center rounded-full text-sm font-semibold ${number === page ? 'bg-harbour-800 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {number}
              </Link>
            </li>
          ),
        )}
      </ul>
      <span className="justify-self-end">{edge('Next', page + 1, page >= pages, 'next')}</span>
    </nav>
  );
}
