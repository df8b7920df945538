import { addOns } from '../content/packages.ts';
import { addOnsSection } from '../content/sections.ts';
import { PackageCard } from './PackageCard.tsx';
import { SectionHeading } from './SectionHeading.tsx';

export function AddOnsSection() {
  return (
    <section aria-labelledby="add-ons-heading" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="add-ons-heading" copy={addOnsSection} />
        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          {addOns.map((plan) => (
            <PackageCard key={plan.planId} plan={plan} kind="add-on" />
          ))}
        </div>
      </div>
    </section>
  );
}
