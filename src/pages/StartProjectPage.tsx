import { BadgeCheck as badgeCheckIcon } from 'lucide';
import { useSearchParams } from 'react-router-dom';
import { useSiteConfig } from '../browser/site-config.tsx';
import { ConsultSection } from '../components/ConsultSection.tsx';
import { FaqSection } from '../components/FaqSection.tsx';
import { KeepTogether } from '../components/KeepTogether.tsx';
import { Link } from '../components/Link.tsx';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { bookTime } from '../content/booking.ts';
import { claims } from '../content/offer.ts';
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
        title={<KeepTogether text={copy.heading} phrase={claims.consult} />}
        intro={bookingUrl ? startProjectForm.introWithBooking : copy.intro}
        formHeading={startProjectForm.heading}
        bookTimeCta={bookTime.upFrontCta}
      >
        {plan && (
          <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
            <p
              className="inline-flex items-center gap-2 rounded-2xl bg-sand-100 px-4 py-2.5 text-ink shadow-sm"
              data-testid="chosen-plan"
            >
              <LucideIcon icon={badgeCheckIcon} name="badge-check" className="size-5 shrink-0 text-harbour-800" />
              <span>
                <strong>
                  {consultSection.chosenPlan} {plan.title}
                </strong>{' '}
                <span className="text-slate-700">
                  · {plan.price} {plan.priceNote}
                  {plan.gst && ` ${plan.gst}`}
                </span>
              </span>
            </p>
            <Link
              to="/services#services"
              className="text-sm font-semibold text-white underline underline-offset-4 hover:text-sand-300"
              data-cta="start-project-change-package"
            >
              {consultSection.changePlan}
            </Link>
          </div>
        )}
      </ConsultSection>
      <FaqSection />
    </>
  );
}
