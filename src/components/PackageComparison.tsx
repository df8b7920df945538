import { ArrowRight as arrowRightIcon, Clock as clockIcon } from 'lucide';
import { packages, popularLabel } from '../content/packages.ts';
import { comparisonSection } from '../content/sections.ts';
import { Link } from './Link.tsx';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { ctaProps } from '../shared/page-contract.ts';

/** Where the home hero's "Compare Plans" lands. */
export const comparisonId = 'compare';

/**
 * The three packages side by side under the home page's hero: each one's price (with GST), timeline, who it suits
 * and a link to the consult page with it chosen. Short, so that a phone meets a price on its second screen; the full
 * cards follow further down.
 */
export function PackageComparison() {
  return (
    <section id={comparisonId} aria-labelledby="comparison-heading" className="bg-slate-50 py-10 sm:py-16">
      <div className="container-page">
        <p className="eyebrow text-center">{comparisonSection.eyebrow}</p>
        <h2
          id="comparison-heading"
          className="mt-2 text-center text-2xl font-extrabold tracking-tight text-ink sm:text-3xl"
        >
          <KeepTogether text={comparisonSection.title} />
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {packages.map((plan) => (
            <li
              key={plan.planId}
              className={`card flex flex-col p-5 ${plan.popular ? 'ring-2 ring-sand-400' : ''}`}
              data-compare-plan={plan.planId}
            >
              {/* The highlight says what it is. */}
              {plan.popular && (
                <p className="mb-2 self-start rounded-full bg-sand-400 px-3 py-1 text-xs font-bold tracking-wider text-ink uppercase">
                  {popularLabel}
                </p>
              )}
              <h3 className="text-lg font-bold text-ink">{plan.title}</h3>
              {/* The note under the price, on a line of its own, rather than wrapping beside it. */}
              <p className="mt-1 text-2xl font-extrabold tracking-tight text-ink">{plan.price}</p>
              <p className="text-sm text-slate-600">
                <KeepTogether text={plan.priceNote} />
                {plan.gst && ` ${plan.gst}`}
                {plan.terms && (
                  <>
                    , <KeepTogether text={plan.terms} />
                  </>
                )}
              </p>
              <p className="mt-2 inline-flex items-center gap-2 text-sm font-semibold text-harbour-700">
                <LucideIcon icon={clockIcon} name="clock" className="size-4" />
                <KeepTogether text={plan.timeline} />
              </p>
              {plan.audience && (
                <p className="mt-2 text-[15px] leading-6 text-slate-700">
                  <KeepTogether text={plan.audience} />
                </p>
              )}
              <Link
                to={`/start-project?plan=${plan.planId}`}
                // At the card's foot: the three cards' buttons stand on one line.
                className="mt-auto inline-flex items-center gap-2 self-start pt-4 font-semibold text-harbour-700 underline underline-offset-4 hover:text-sea-700"
                {...ctaProps(`compare-${plan.planId}`)}
              >
                {plan.ctaLabel}
                <LucideIcon icon={arrowRightIcon} name="arrow-right" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
