import { Link } from './Link.tsx';
import { useSiteConfig } from '../browser/site-config.tsx';

export function Logo({ tone = 'dark', className = '' }: { tone?: 'dark' | 'light'; className?: string }) {
  const { siteName } = useSiteConfig();
  return (
    <Link to="/" className={`flex items-center gap-2.5 rounded-lg font-bold tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#0b3b4f" />
        <path
          d="M6 20c3-3 6-3 9 0s6 3 9 0 2-2 2-2"
          fill="none"
          stroke="#fbbf24"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
        <path
          d="M9 16V9l7 7V9"
          fill="none"
          stroke="#5eead4"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={`text-base leading-tight sm:text-lg ${tone === 'light' ? 'text-white' : 'text-harbour-800'}`}>
        {siteName}
      </span>
    </Link>
  );
}
