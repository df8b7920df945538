import { ArrowDown as arrowDownIcon, CircleCheck as circleCheckIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { AudienceStats } from './AudienceStats.tsx';
import { BookConsultLink } from './BookConsultLink.tsx';
import { HomeProof } from './HomeProof.tsx';
import { NewsletterLink } from './NewsletterLink.tsx';
import { comparisonId } from './PackageComparison.tsx';
import { newsletterLinkLabels } from '../content/newsletter.ts';
import { audience, hero, trustPoints } from '../content/home.ts';
import { foundingOfferLabel, foundingOfferText } from '../content/packages.ts';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { hidesMobileBarAttribute, ctaProps } from '../shared/page-contract.ts';

export function HomeHero() {
  return (
    <section aria-labelledby="home-hero-heading" className="relative isolate overflow-hidden bg-harbour-800 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-32 size-[28rem] rounded-full bg-sea-600/30 blur-3xl"
      />
      <div className="container-page fade-in relative grid items-center gap-12 pt-10 pb-16 sm:py-24 lg:grid-cols-[3fr_2fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold tracking-wide text-sand-300">
            {hero.eyebrow}
          </p>
          <h1
            id="home-hero-heading"
            className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            <KeepTogether text={hero.title} />
          </h1>
          <p className="mt-5 max-w-2xl text-base leading-7 text-slate-200 sm:mt-6 sm:text-xl sm:leading-8">
            <KeepTogether text={hero.subtitle} />
          </p>
          {/* While these are on screen the mobile consult bar stays hidden: the first screen asks once. */}
          <div className="mt-8 flex flex-col gap-3 sm:mt-9 sm:flex-row" {...{ [hidesMobileBarAttribute]: 'hero' }}>
            <BookConsultLink cta="hero-book-free-consult" className="btn-primary px-7 text-lg" />
            <a href={`#${comparisonId}`} className="btn-ghost-light px-7 text-lg" {...ctaProps('hero-compare-plans')}>
              Compare Plans
              <LucideIcon icon={arrowDownIcon} name="arrow-down" className="size-5" />
            </a>
          </div>
          {/* A face or a client's words on a phone's first screen: the page's type and spacing above leave it room. */}
          <HomeProof />
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-slate-200 sm:flex-row sm:flex-wrap">
            {trustPoints.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <LucideIcon icon={circleCheckIcon} name="circle-check" className="size-4 text-sand-300" />
                <KeepTogether text={point} />
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl border border-white/15 bg-white/[0.07] p-5 sm:p-8">
          <p className="text-sm font-semibold tracking-wider text-sand-300 uppercase">{audience.title}</p>
          <AudienceStats
            className="mt-5 grid grid-cols-1 gap-4 sm:mt-6 sm:grid-cols-3 lg:grid-cols-1 lg:gap-6"
            itemClassName="flex flex-row-reverse items-baseline justify-end gap-3 sm:flex-col-reverse sm:gap-0 lg:flex-row-reverse lg:gap-3"
            labelClassName="text-sm text-slate-200"
            valueClassName="text-3xl font-extrabold tracking-tight whitespace-nowrap text-white sm:text-4xl"
          />
          <NewsletterLink
            label={newsletterLinkLabels.audience}
            cta="hero-stats-newsletter"
            className="mt-4 text-sm sm:mt-6"
          />
          {foundingOfferText && (
            <p className="mt-4 border-t border-white/15 pt-4 text-sm leading-6 text-slate-200 sm:mt-6 sm:pt-5">
              <strong className="font-bold text-white">{foundingOfferLabel}</strong> {foundingOfferText}
            </p>
          )}
        </div>
      </div>
      {/* Anchored to the hero's bottom, so it comes after the content: painted before the hero is fully parsed, it
          would move down as the rest arrived (a layout shift). -z-10 keeps it under the content. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -left-20 -z-10 size-96 rounded-full bg-sand-400/10 blur-3xl"
      />
    </section>
  );
}
