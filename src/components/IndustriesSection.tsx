import { industries } from '../content/industries.ts';
import { industriesSection } from '../content/sections.ts';
import { ContentIcon } from './ContentIcon.tsx';
import { SectionHeading } from './SectionHeading.tsx';

/** The kinds of local business the studio works with, as a line of chips: names to recognise, not links. */
export function IndustriesSection() {
  return (
    <section aria-labelledby="industries-heading" className="py-12 sm:py-16">
      <div className="container-page">
        <SectionHeading id="industries-heading" copy={industriesSection} />
        <ul className="mx-auto mt-8 flex max-w-5xl flex-wrap justify-center gap-2 sm:gap-3">
          {industries.map((industry) => (
            <li
              key={industry.name}
              className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-[15px] font-semibold text-ink shadow-sm"
            >
              <span className="text-harbour-700">
                <ContentIcon name={industry.icon} className="size-4" />
              </span>
              {industry.name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
