import type { ReactNode } from 'react';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { hidesMobileBarAttribute } from '../shared/page-contract.ts';

interface PageHeroProps {
  eyebrow?: string;
  heading: string;
  intro: string;
  children?: ReactNode;
}

export function PageHero({ eyebrow, heading, intro, children }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-harbour-800 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-sea-600/30 blur-3xl"
      />
      <div className="container-page fade-in relative py-14 sm:py-20">
        {eyebrow && <p className="text-sm font-semibold tracking-wider text-sand-300 uppercase">{eyebrow}</p>}
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          <KeepTogether text={heading} />
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-200">
          <KeepTogether text={intro} />
        </p>
        {/* The hero's calls to action: while they are on screen the mobile consult bar stays hidden. */}
        {children && (
          <div className="mt-8 flex flex-wrap gap-3" {...{ [hidesMobileBarAttribute]: 'hero' }}>
            {children}
          </div>
        )}
      </div>
    </section>
  );
}
