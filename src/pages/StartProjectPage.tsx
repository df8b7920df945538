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
import { findPlan } from '../content/packages.ts';
import { startProjectCopy, startProjectForm } from '../content/page-copy/start-project.ts';
import { consultSection } from '../content/sections.ts';

/**
 * Where every call to action lands: the heading, one line of promise and the form, which on a phone starts on the
 * first screen; the questions come after it.
 */
export default function StartProjectPage() {
  const copy = startProjectCopy;
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
        intro={bookingUrl ? startProjectForm.introWithBooking : copy.intro}
        formHeading={startProjectForm.heading}
        bookTimeCta={bookTime.upFrontCta}
      >
        {plan && (
          // One line on a phone (the price joins it from 640px), so that the first field stays on the first screen.
          // "Change package" goes to the form's own package field, a few lines down: a fragment, with or without
          // JavaScript.
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 sm:mt-5">
            <span className="inline-flex items-center gap-2 rounded-full bg-sand-100 px-3 py-1.5 text-[15px] text-ink shadow-sm sm:px-4 sm:py-2 sm:text-base">
              <LucideIcon icon={badgeCheckIcon} name="badge-check" className="size-5 shrink-0 text-harbour-800" />
              <span>
                <strong>
                  {consultSection.chosenPlan} {plan.title}
                </strong>
                <span className="hidden text-slate-700 sm:inline">
                  {' '}
                  · {plan.price} {plan.priceNote}
                  {plan.gst && ` ${plan.gst}`}
                </span>
              </span>
            </span>
            <a
              href={`#${enquiryFieldId('plan')}`}
              className="text-sm font-semibold text-white underline underline-offset-4 hover:text-sand-300"
              data-cta="start-project-change-package"
            >
              {consultSection.changePlan}
            </a>
          </p>
        )}
      </ConsultSection>
      <FaqSection />
    </>
  );
}
