import { ArrowRight as arrowRightIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { newsletterPaths } from '../lib/newsletter.ts';
import { Link } from './Link.tsx';
import { ctaProps } from '../shared/page-contract.ts';

/** A link to /newsletter on a dark background, where a section talks about the newsletter. */
export function NewsletterLink({ label, cta, className = '' }: { label: string; cta: string; className?: string }) {
  return (
    <p className={className}>
      <Link
        to={newsletterPaths.page}
        className="inline-flex items-center gap-2 font-semibold text-sand-300 underline underline-offset-4 hover:text-white"
        {...ctaProps(cta)}
      >
        {label}
        <LucideIcon icon={arrowRightIcon} name="arrow-right" className="size-4 shrink-0" />
      </Link>
    </p>
  );
}
