import { ArrowRight } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { Link } from './Link.tsx';
import { faqItems } from '../content/faq.ts';
import { faqSection } from '../content/sections.ts';
import { FaqList } from './FaqList.tsx';
import { SectionHeading } from './SectionHeading.tsx';
import { ctaProps } from '../shared/page-contract.ts';

/** The FAQ on pages other than /faq: the first few questions and a link to the rest. */
export function FaqSection({ limit = 6 }: { limit?: number }) {
  return (
    <section aria-labelledby="faq-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page max-w-3xl">
        <SectionHeading id="faq-heading" copy={faqSection} />
        <div className="mt-10">
          <FaqList items={faqItems.slice(0, limit)} />
        </div>
        {limit < faqItems.length && (
          <p className="mt-8 text-center">
            <Link
              to="/faq"
              className="inline-flex items-center gap-2 font-semibold text-harbour-600 hover:text-harbour-800"
              {...ctaProps('faq-see-all-questions')}
            >
              See all {faqItems.length} questions <LucideIcon icon={ArrowRight} name="arrow-right" className="size-4" />
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
