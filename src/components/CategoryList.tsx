import { Link } from './Link.tsx';
import type { CategoryWithCount } from '../lib/blog-types.ts';
import { blogListLink } from '../lib/blog-search.ts';

interface CategoryListProps {
  categories: CategoryWithCount[];
  selectedSlug?: string;
}

/** Choosing a category goes back to page 1 of it. */
export function CategoryList({ categories, selectedSlug }: CategoryListProps) {
  const total = categories.reduce((sum, category) => sum + category.postCount, 0);
  const entries = [{ slug: undefined, name: 'All', postCount: total }, ...categories];
  return (
    <nav aria-labelledby="categories-heading" className="card p-5">
      <h2 id="categories-heading" className="text-lg font-bold text-ink">
        Categories
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {entries.map((category) => {
          const current = category.slug === selectedSlug;
          return (
            <li key={category.slug ?? 'all'}>
              <Link
                to={blogListLink({ categorySlug: category.slug, page: 1 })}
                aria-current={current ? 'page' : undefined}
                className={`flex items-center justify-between gap-3 rounded-full px-4 py-2 text-sm font-medium lg:rounded-lg ${current ? 'bg-harbour-800 text-white' : 'bg-slate-100 text-slate-700 hover:bg-sea-50 hover:text-sea-700 lg:bg-transparent'}`}
              >
                <span>{category.name}</span>
                <span className={`text-xs ${current ? 'text-sand-300' : 'text-slate-600'}`}>{category.postCount}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
