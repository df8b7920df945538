import { BadgeCheck as badgeCheckIcon } from 'lucide';
import { LucideIcon } from '../components/LucideIcon.tsx';
import { useSearchParams } from '../app/route-params.tsx';
import { Link } from '../components/Link.tsx';
import { ConsultSection } from '../components/ConsultSection.tsx';
import { FaqSection } from '../components/FaqSection.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { findPlan } from '../content/packages.ts';
import { startProjectCopy } from '../content/page-copy/start-project.ts';
import { consultSection } from '../content/sections.ts';

export default function StartProjectPage() {
  const copy = startProjectCopy;
  const searchParams = useSearchParams();
  // An unknown ?plan= is ignored: the page reads as if none was chosen.
  const plan = findPlan(searchParams.get('plan'));
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/start-project" />
      <PageHero eyebrow={consultSection.eyebrow} heading={copy.heading} intro={copy.intro}>
        {plan && (
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
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
      </PageHero>
      <ConsultSection
        planId={plan?.planId}
        tone="light"
        title={consultSection.startProjectTitle}
        intro={consultSection.startProjectIntro}
      />
      <FaqSection />
    </>
  );
}
