import { BadgeCheck as badgeCheckIcon } from 'lucide';
import { useSearchParams } from 'react-router-dom';
import { useSiteConfig } from '../browser/site-config.tsx';
import { ConsultSection } from '../components/ConsultSection.tsx';
import { FaqSection } from '../components/FaqSection.tsx';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { bookTime } from '../content/booking.ts';
import { enquiryFieldId } from '../content/enquiry-form.ts';
import { allPlans, findPlan } from '../content/packages.ts';
import { asksToBookAttribute, chosenPlanAttribute, ctaProps } from '../shared/page-contract.ts';
import { startProjectCopy as copy, startProjectForm } from '../content/page-copy/start-project.ts';
import { consultSection } from '../content/sections.ts';

/**
 * Where every call to action lands: the heading, one line of promise and the form, which on a phone starts on the
 * first screen; the questions come after it.
 */
export default function StartProjectPage() {
  const { bookingUrl } = useSiteConfig();
  const [searchParams] = useSearchParams();
  // An unknown ?plan= is ignored: the page reads as if none was chosen.
  const plan = findPlan(searchParams.get('plan'));
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/start-project" />
      <ConsultSection
        planId={plan?.planId}
        level={1}
        title={<KeepTogether text={copy.heading} />}
        intro={
          bookingUrl ? (
            // The choice to book stands in the promise, above the first field, where it costs a phone one line.
            <>
              <KeepTogether text={startProjectForm.introWithBooking} />{' '}
              <a
                href={bookingUrl}
                className="font-semibold text-white underline underline-offset-4 hover:text-sand-300"
                {...ctaProps(bookTime.upFrontCta)}
                {...{ [asksToBookAttribute]: '' }}
              >
                {bookTime.upFront}
              </a>
            </>
          ) : (
            copy.intro
          )
        }
        formHeading={startProjectForm.heading}
      >
        {/* The package chosen, which follows the form's package field as the visitor changes it (the boot loader
            shows the line of the one chosen there: followChosenPlan, src/browser/lib/page-around-form.ts); hidden
            while none is. "Change package" goes to that field, a few lines down: a fragment, with or without
            JavaScript. */}
        <p
          className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 sm:mt-5"
          data-testid="chosen-plan"
          hidden={!plan}
          {...{ [chosenPlanAttribute]: '' }}
        >
          <span className="inline-flex items-center gap-2 rounded-full bg-sand-100 px-3 py-1.5 text-[15px] leading-5 text-ink shadow-sm sm:px-4 sm:py-2 sm:text-base">
            <LucideIcon icon={badgeCheckIcon} name="badge-check" className="size-5 shrink-0 text-harbour-800" />
            {allPlans.map((choice) => (
              <span
                key={choice.planId}
                hidden={choice.planId !== plan?.planId}
                {...{ [chosenPlanAttribute]: choice.planId }}
              >
                <strong>
                  {consultSection.chosenPlan} {choice.title}
                </strong>{' '}
                <span className="whitespace-nowrap text-slate-700">
                  · {choice.price} <KeepTogether text={choice.priceNote} />
                  {choice.gst && ` ${choice.gst}`}
                </span>
              </span>
            ))}
          </span>
          <a
            href={`#${enquiryFieldId('plan')}`}
            className="text-sm font-semibold text-white underline underline-offset-4 hover:text-sand-300"
            {...ctaProps('start-project-change-package')}
          >
            {consultSection.changePlan}
          </a>
        </p>
      </ConsultSection>
      <FaqSection />
    </>
  );
}
