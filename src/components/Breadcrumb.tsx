import { ChevronRight } from 'lucide-react';
import type { SitePath } from '../content/navigation.ts';
import { Link } from './Link.tsx';

export interface Crumb {
  label: string;
  to?: SitePath;
}

export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {items.map((item, index) => (
          <li key={item.label} className="flex items-center gap-1">
            {index > 0 && <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />}
            {item.to ? (
              <Link to={item.to} className="hover:text-harbour-600 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="line-clamp-1 font-medium text-slate-800">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
