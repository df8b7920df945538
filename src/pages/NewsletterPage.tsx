import { useQuery } from '@tanstack/react-query';
import { ArrowRight as arrowRightIcon, Mail as mailIcon } from 'lucide';
import { EmailAddress } from '../browser/components/EmailAddress.tsx';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { JsonLd } from '../components/JsonLd.tsx';
import { Link } from '../components/Link.tsx';
import { NewsletterSignup } from '../components/NewsletterSignup.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { SectionHeading } from '../components/SectionHeading.tsx';
import { featureBenefits, newsletterTopics, packagesFeaturedInNewsletter } from '../content/newsletter.ts';
import { claims } from '../content/offer.ts';
import { newsletterCopy as copy, newsletterSections } from '../content/page-copy/newsletter.ts';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import type { loadNewsletter } from '../lib/blog-loads.ts';
import { newsletterPaths } from '../lib/newsletter.ts';
import { usePageConfig } from '../lib/page-config.ts';
import type { blogPostsQuery } from '../lib/queries.ts';
import { newsletterSchema } from '../lib/structured-data.ts';
import { ctaProps } from '../shared/page-contract.ts';

/** What each issue covers: said until the studio publishes one. */
function WhatItCovers() {
  return (
    <section aria-labelledby="covers-heading" className="bg-slate-50 py-12 sm:py-16">
      <div className="container-page">
        <SectionHeading id="covers-heading" copy={newsletterSections.covers} align="start" />
        <ul className="mt-8 grid max-w-3xl gap-3">
          {newsletterTopics.map((topic) => (
            <li key={topic} className="check-item text-lg text-slate-700 before:border-sea-700">
              {topic}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The latest issue, the newest post of the Newsletter category, with the archive of them all. */
function LatestIssue({ query }: { query: ReturnType<typeof blogPostsQuery> }) {
  const { data } = useQuery(query);
  const latest = data?.posts[0];
  if (!latest) return <WhatItCovers />;
  const copy = newsletterSections.latest;
  return (
    <section aria-labelledby="latest-heading" className="bg-slate-50 py-12 sm:py-16">
      <div className="container-page">
        <SectionHeading id="latest-heading" copy={copy} align="start" />
        <div className="mt-8 max-w-md">
          <PostCard post={latest} headingLevel="h3" />
        </div>
        <p className="mt-6">
          <Link
            to={newsletterPaths.archive}
            className="inline-flex items-center gap-2 font-semibold text-harbour-700 underline underline-offset-4"
          >
            {copy.archive}
            <LucideIcon icon={arrowRightIcon} name="arrow-right" className="size-4" />
          </Link>
        </p>
      </div>
    </section>
  );
}

/** How to join where no confirmation can be sent: an email to the studio. */
function JoinByEmail() {
  const { contactEmail } = usePageConfig();
  const copy = newsletterSections.byEmail;
  return (
    <div className="card p-5 sm:p-6">
      <h2 className="text-xl font-bold text-ink">{copy.heading}</h2>
      <p className="mt-2 text-slate-700">{copy.text}</p>
      <a
        href={`mailto:${contactEmail}?subject=${encodeURIComponent(copy.subject)}`}
        className="mt-4 inline-flex items-center gap-2 font-semibold text-harbour-700 underline underline-offset-4"
      >
        <LucideIcon icon={mailIcon} name="mail" className="size-4 shrink-0" />
        <EmailAddress address={contactEmail} />
      </a>
    </div>
  );
}

/**
 * What the studio's newsletter is, who reads it (the offer's figures), how often it comes and what a featured
 * business gets, with its latest issue (a post of the Newsletter category) or, until there is one, what it covers;
 * the sign-up where a confirmation can be sent, else how to join by email.
 */
export default function NewsletterPage(loaded: Awaited<ReturnType<typeof loadNewsletter>>) {
  const config = usePageConfig();
  const stats = [
    { value: claims.subscribers, label: newsletterSections.stats.subscribers },
    { value: claims.openRate, label: newsletterSections.stats.openRate },
    { value: claims.newsletterFrequency, label: newsletterSections.stats.frequency },
  ];
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path={newsletterPaths.page} />
      <JsonLd
        data={newsletterSchema(config, { name: copy.title, description: copy.description, path: newsletterPaths.page })}
      />
      <PageHero eyebrow="Newsletter" heading={copy.heading} intro={copy.intro} />
      <section aria-labelledby="readers-heading" className="py-12 sm:py-16">
        {/* On a phone the sign-up comes first, straight under the hero: it is what most visitors came for. */}
        <div className="container-page flex flex-col gap-10 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-16">
          <div className="order-2 lg:order-1">
            <SectionHeading id="readers-heading" copy={newsletterSections.readers} align="start" />
            <dl className="mt-8 grid gap-4 sm:grid-cols-3">
              {stats.map((stat) => (
                <div key={stat.label} className="flex flex-col-reverse rounded-2xl bg-harbour-800 px-4 py-5 text-white">
                  <dt className="mt-1 text-sm text-slate-200">{stat.label}</dt>
                  <dd className="text-2xl font-extrabold tracking-tight text-sand-300 first-letter:uppercase">
                    {stat.value}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="order-1 lg:order-2">{config.newsletterSignup ? <NewsletterSignup /> : <JoinByEmail />}</div>
        </div>
      </section>
      {loaded.outcome === 'issues' ? <LatestIssue query={loaded.data.issues} /> : <WhatItCovers />}
      <section aria-labelledby="featured-heading" className="py-12 sm:py-16">
        <div className="container-page grid gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading id="featured-heading" copy={newsletterSections.featured} align="start" />
            <ul className="mt-8 grid gap-3">
              {featureBenefits.map((benefit) => (
                <li key={benefit} className="check-item text-lg text-slate-700 before:border-sea-700">
                  <KeepTogether text={benefit} />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-xl font-bold text-ink">{newsletterSections.featured.packagesHeading}</h3>
            <ul className="mt-4 grid gap-4">
              {packagesFeaturedInNewsletter.map((plan) => (
                <li key={plan.planId} className="card p-5">
                  <p className="font-bold text-ink">
                    {plan.title} <span className="font-semibold text-sea-700">{plan.price}</span>{' '}
                    <span className="text-sm font-normal text-slate-600">{plan.priceNote}</span>
                  </p>
                  <p className="mt-1 text-slate-700">
                    <KeepTogether text={plan.newsletterFeature} />
                  </p>
                  <Link
                    to={`/start-project?plan=${plan.planId}`}
                    className="mt-3 inline-flex items-center gap-2 font-semibold text-harbour-700 underline underline-offset-4"
                    {...ctaProps(`newsletter-plan-${plan.planId}`)}
                  >
                    {newsletterSections.featured.packageLink(plan.title)}
                    <LucideIcon icon={arrowRightIcon} name="arrow-right" className="size-4" />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
