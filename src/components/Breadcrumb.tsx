import { ChevronRight as chevronRightIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
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
          // Each separator ends the crumb before it rather than starting the next: a browser that paints the page
          // before all its HTML has arrived would otherwise show a separator that jumps to the next line when a
          // long title comes in after it.
          <li key={item.label} className="flex items-center gap-1">
            {item.to ? (
              <Link to={item.to} className="hover:text-harbour-600 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="line-clamp-1 font-medium text-slate-800">
                {item.label}
              </span>
            )}
            {index < items.length - 1 && (
              <LucideIcon icon={chevronRightIcon} name="chevron-right" className="size-4 text-slate-400" />
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
