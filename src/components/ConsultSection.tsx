import { CircleCheck as circleCheckIcon } from 'lucide';
import { LucideIcon } from './LucideIcon.tsx';
import { trustPoints } from '../content/home.ts';
import { consultSection } from '../content/sections.ts';
import { ConsultForm } from './ConsultForm.tsx';

interface ConsultSectionProps {
  planId?: string;
  /** Light where the section follows a dark hero directly. */
  tone?: 'dark' | 'light';
  title?: string;
  intro?: string;
}

/** The consult form section every marketing page ends with; the mobile bar hides while it is in view. */
export function ConsultSection({
  planId,
  tone = 'dark',
  title = consultSection.title,
  intro = consultSection.intro,
}: ConsultSectionProps) {
  const dark = tone === 'dark';
  return (
    <section
      id="consult"
      aria-labelledby="consult-heading"
      data-hides-mobile-bar
      className={`relative overflow-hidden py-16 sm:py-24 ${dark ? 'bg-harbour-800' : 'bg-white'}`}
    >
      {dark && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 -left-24 size-96 rounded-full bg-sea-600/25 blur-3xl"
        />
      )}
      <div className="container-page relative grid gap-10 lg:grid-cols-[2fr_3fr] lg:gap-16">
        <div>
          <p className={dark ? 'text-sm font-semibold tracking-wider text-sand-300 uppercase' : 'eyebrow'}>
            {consultSection.eyebrow}
          </p>
          <h2
            id="consult-heading"
            className={`mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl ${dark ? 'text-white' : 'text-ink'}`}
          >
            {title}
          </h2>
          <p className={`mt-4 text-lg leading-8 ${dark ? 'text-slate-200' : 'text-slate-600'}`}>{intro}</p>
          <ul className="mt-8 space-y-3">
            {trustPoints.map((point) => (
              <li key={point} className={`flex items-center gap-3 ${dark ? 'text-white' : 'text-ink'}`}>
                <LucideIcon
                  icon={circleCheckIcon}
                  name="circle-check"
                  className={`size-5 shrink-0 ${dark ? 'text-sand-300' : 'text-sea-700'}`}
                />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <ConsultForm planId={planId} />
        </div>
      </div>
    </section>
  );
}
