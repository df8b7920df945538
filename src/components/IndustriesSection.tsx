import { industries } from '../content/industries.ts';
import { industriesSection } from '../content/sections.ts';
import { ContentIcon } from './ContentIcon.tsx';
import { SectionHeading } from './SectionHeading.tsx';

export function IndustriesSection() {
  return (
    <section aria-labelledby="industries-heading" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="industries-heading" copy={industriesSection} />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {industries.map((industry) => (
            <li key={industry.name} className="card fade-in p-6 transition-shadow hover:shadow-md">
              <span className="flex size-11 items-center justify-center rounded-xl bg-harbour-50 text-harbour-700">
                <ContentIcon name={industry.icon} />
              </span>
              <h3 className="mt-4 text-lg font-bold text-ink">{industry.name}</h3>
              <p className="mt-2 text-[15px] leading-6 text-slate-600">{industry.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
