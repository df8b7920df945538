import { Sparkles as sparklesIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { foundingOfferLabel, foundingOfferText, packages } from '../content/packages.ts';
import { packagesSection } from '../content/sections.ts';
import { testimonials } from '../content/testimonials.ts';
import { PackageCard } from './PackageCard.tsx';
import { SectionHeading } from './SectionHeading.tsx';
import { Testimonials } from './Testimonials.tsx';

/**
 * The three packages, anchored at #services (the services hero's View Packages link), and what clients say of them
 * once there are testimonials.
 */
export function PackagesSection() {
  return (
    <section id="services" aria-labelledby="services-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="services-heading" copy={packagesSection} />
        {foundingOfferText && (
          <p className="mx-auto mt-8 flex max-w-3xl items-start gap-3 rounded-2xl border border-sand-400 bg-sand-100 px-5 py-4 text-ink sm:items-center">
            <LucideIcon
              icon={sparklesIcon}
              name="sparkles"
              className="mt-0.5 size-5 shrink-0 text-harbour-800 sm:mt-0"
            />
            <span>
              <strong className="font-bold">{foundingOfferLabel}</strong> {foundingOfferText}
            </span>
          </p>
        )}
        <div className="mt-14 grid gap-10 lg:grid-cols-3 lg:gap-6">
          {packages.map((plan) => (
            <PackageCard key={plan.planId} plan={plan} />
          ))}
        </div>
        <Testimonials testimonials={testimonials} />
      </div>
    </section>
  );
}
