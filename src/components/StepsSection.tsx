import { steps } from '../content/steps.ts';
import { stepsSection } from '../content/sections.ts';
import { ContentIcon } from './ContentIcon.tsx';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { SectionHeading } from './SectionHeading.tsx';

export function StepsSection() {
  return (
    <section aria-labelledby="steps-heading" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="steps-heading" copy={stepsSection} />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step) => (
            <li key={step.number} className="card fade-in relative p-6">
              <div className="flex items-center justify-between">
                <span className="flex size-12 items-center justify-center rounded-xl bg-harbour-800 text-sand-300">
                  <ContentIcon name={step.icon} />
                </span>
                <span className="rounded-full bg-sand-100 px-3 py-1 text-sm font-bold text-harbour-800">
                  Step {step.number}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-bold text-ink">
                <KeepTogether text={step.title} />
              </h3>
              <p className="mt-2 leading-7 text-slate-600">
                <KeepTogether text={step.description} />
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
