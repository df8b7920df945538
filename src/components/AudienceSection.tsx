import { audience } from '../content/home.ts';
import { newsletterLinkLabels } from '../content/newsletter.ts';
import { AudienceStats } from './AudienceStats.tsx';
import { NewsletterLink } from './NewsletterLink.tsx';
import { SectionHeading } from './SectionHeading.tsx';

/** The built-in audience: the newsletter's subscribers and open rate. */
export function AudienceSection() {
  return (
    <section aria-labelledby="audience-heading" className="bg-harbour-800 py-16 text-white sm:py-20">
      <div className="container-page grid items-center gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="audience-heading"
            copy={{ eyebrow: 'Built-in audience', title: audience.title, intro: audience.intro }}
            tone="light"
            align="start"
          />
          <NewsletterLink label={newsletterLinkLabels.audience} cta="audience-newsletter" className="mt-6" />
        </div>
        <AudienceStats
          className="grid grid-cols-1 gap-4 sm:grid-cols-3"
          itemClassName="fade-in flex flex-col-reverse rounded-2xl bg-white/10 px-4 py-6 text-center"
          labelClassName="mt-1 text-sm text-slate-200"
          valueClassName="text-4xl font-extrabold tracking-tight whitespace-nowrap text-sand-300 lg:text-3xl xl:text-4xl"
        />
      </div>
    </section>
  );
}
