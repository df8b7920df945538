import { Clock as clockIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { Link } from './Link.tsx';
import { popularLabel, type Package } from '../content/packages.ts';
import { moreFeatures } from '../content/sections.ts';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { ctaProps } from '../shared/page-contract.ts';

/** How many of a card's features show before its disclosure: enough to tell the packages apart at a glance. */
const featuresShown = 3;

function Feature({ feature, popular }: { feature: string; popular: boolean }) {
  return (
    <li
      className={`check-item ${popular ? 'text-slate-100 before:border-sand-300' : 'text-slate-700 before:border-sea-700'}`}
    >
      <KeepTogether text={feature} />
    </li>
  );
}

/**
 * One package or add-on: its price, timeline and what it includes (its first features, the rest behind a
 * disclosure), with its button to /start-project?plan=<planId>.
 */
export function PackageCard({ plan, kind = 'package' }: { plan: Package; kind?: 'package' | 'add-on' }) {
  const popular = plan.popular;
  const [shown, more] = [plan.features.slice(0, featuresShown), plan.features.slice(featuresShown)];
  const headingId = `plan-${plan.planId}`;
  return (
    <article
      aria-labelledby={headingId}
      data-plan={plan.planId}
      className={`fade-in relative flex flex-col rounded-3xl p-6 sm:p-8 ${
        popular
          ? 'bg-harbour-800 text-white shadow-2xl ring-4 ring-sand-400 lg:-my-4 lg:py-12'
          : 'border border-slate-200 bg-white text-ink shadow-sm'
      }`}
    >
      {popular && (
        <p className="absolute -top-4 left-1/2 -translate-x-1/2 rounded-full bg-sand-400 px-4 py-1.5 text-xs font-bold tracking-wider whitespace-nowrap text-ink uppercase shadow-md">
          {popularLabel}
        </p>
      )}
      {/* An add-on's name stays on one line at three to a row, so that its price lines up with its neighbours'. */}
      <h3 id={headingId} className={`font-bold ${kind === 'add-on' ? 'text-xl' : 'text-2xl'}`}>
        {plan.title}
      </h3>
      <p className={`mt-1 font-medium ${popular ? 'text-sand-300' : 'text-sea-700'}`}>
        <KeepTogether text={plan.tagline} />
      </p>
      {plan.badge && (
        <p
          className={`mt-4 inline-flex self-start rounded-full border px-3 py-1 text-xs font-semibold ${
            popular ? 'border-sand-400/60 bg-sand-400/15 text-sand-100' : 'border-sand-400 bg-sand-100 text-ink'
          }`}
        >
          {plan.badge}
        </p>
      )}
      <div className="mt-6">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className={`font-extrabold tracking-tight ${kind === 'add-on' ? 'text-3xl' : 'text-5xl'}`}>
            {plan.price}
          </span>
          <span className={popular ? 'text-slate-200' : 'text-slate-600'}>
            <KeepTogether text={plan.priceNote} />
          </span>
        </p>
        {plan.gst && <p className={`text-sm ${popular ? 'text-slate-200' : 'text-slate-600'}`}>{plan.gst}</p>}
        {plan.regularPrice && (
          <p className={`mt-1 text-sm ${popular ? 'text-slate-200' : 'text-slate-600'}`}>
            Regular price <s className="font-semibold">{plan.regularPrice}</s>
          </p>
        )}
        {plan.terms && (
          <p className={`mt-1 text-sm font-semibold ${popular ? 'text-slate-200' : 'text-slate-700'}`}>
            <KeepTogether text={plan.terms} />
          </p>
        )}
      </div>
      <p
        className={`mt-4 inline-flex items-center gap-2 text-sm font-semibold ${popular ? 'text-white' : 'text-harbour-700'}`}
      >
        <LucideIcon icon={clockIcon} name="clock" className="size-4" />
        <KeepTogether text={plan.timeline} />
      </p>
      <p className={`mt-5 leading-7 ${popular ? 'text-slate-100' : 'text-slate-700'}`}>
        <KeepTogether text={plan.outcome} />
      </p>
      <ul className={`mt-6 space-y-3 border-t pt-6 text-[15px] ${popular ? 'border-white/15' : 'border-slate-200'}`}>
        {shown.map((feature) => (
          <Feature key={feature} feature={feature} popular={popular} />
        ))}
      </ul>
      {/* The rest behind a disclosure that opens without JavaScript. */}
      {more.length > 0 && (
        <details className="group/more mt-3 text-[15px]">
          <summary
            className={`cursor-pointer rounded-md py-1 font-semibold underline underline-offset-4 ${popular ? 'text-sand-300' : 'text-harbour-700'}`}
          >
            {moreFeatures(more.length)}
          </summary>
          <ul className="mt-3 space-y-3">
            {more.map((feature) => (
              <Feature key={feature} feature={feature} popular={popular} />
            ))}
          </ul>
        </details>
      )}
      <div className="mt-auto pt-8">
        <Link
          to={`/start-project?plan=${plan.planId}`}
          className={`${popular ? 'btn-primary' : kind === 'add-on' ? 'btn-outline' : 'btn-dark'} w-full`}
          {...ctaProps(`${kind}-${plan.planId}`)}
        >
          {plan.ctaLabel}
        </Link>
      </div>
    </article>
  );
}
