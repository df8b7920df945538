import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { blogListHref } from '../lib/blog-search.ts';

interface PaginationProps {
  page: number;
  pages: number;
  categorySlug?: string;
}

/** Real links, so paging works without JavaScript; Previous and Next are disabled at the ends. */
export function Pagination({ page, pages, categorySlug }: PaginationProps) {
  if (pages <= 1) return null;
  const href = (target: number) => blogListHref({ categorySlug, page: target });
  const edge = (label: string, target: number, disabled: boolean, icon: 'prev' | 'next') => {
    const content = (
      <>
        {icon === 'prev' && <ChevronLeft className="size-4" aria-hidden="true" />}
        {label}
        {icon === 'next' && <ChevronRight className="size-4" aria-hidden="true" />}
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
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {edge('Previous', page - 1, page <= 1, 'prev')}
      <ul className="flex items-center gap-1">
        {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
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
        ))}
      </ul>
      {edge('Next', page + 1, page >= pages, 'next')}
    </nav>
  );
}
