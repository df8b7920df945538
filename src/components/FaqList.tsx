import { ChevronDown as chevronDownIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import type { FaqItem } from '../content/faq.ts';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { Link } from './Link.tsx';

/** <details> toggles open and closed without JavaScript, and browsers announce its state. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.question} className="group" data-faq-item>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-5 text-left text-lg font-semibold text-ink hover:text-harbour-600 sm:px-6 [&::-webkit-details-marker]:hidden">
            <KeepTogether text={item.question} />
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sea-50 text-sea-700 transition-transform duration-200 group-open:rotate-180 motion-reduce:transition-none">
              <LucideIcon icon={chevronDownIcon} name="chevron-down" className="size-5" />
            </span>
          </summary>
          <p className="px-5 pb-6 leading-7 text-slate-700 sm:px-6">
            <KeepTogether text={item.answer} />
            {item.link && (
              <>
                {' '}
                <Link to={item.link.to} className="font-semibold text-harbour-700 underline underline-offset-4">
                  {item.link.label}
                </Link>
              </>
            )}
          </p>
        </details>
      ))}
    </div>
  );
}
