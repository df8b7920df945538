import { AudienceStats } from '../components/AudienceStats.tsx';
import { ConsultSection } from '../components/ConsultSection.tsx';
import { IconCard } from '../components/IconCard.tsx';
import { NewsletterLink } from '../components/NewsletterLink.tsx';
import { newsletterLinkLabels } from '../content/newsletter.ts';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { SectionHeading } from '../components/SectionHeading.tsx';
import { TeamSection } from '../components/TeamSection.tsx';
import { aboutSections, reasons, story } from '../content/about.ts';
import { aboutCopy as copy } from '../content/page-copy/about.ts';
import { teamHoldsOnlyWriters } from '../lib/team.ts';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';

/**
 * The studio's story, its reasons and its people. Its people come first, whoever takes the consults leading; while the
 * team holds only the blog's writers, they are shown with the blog instead.
 */
export default function AboutPage() {
  const showsTeam = !teamHoldsOnlyWriters();
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/about" />
      <PageHero eyebrow={story.eyebrow} heading={copy.heading} intro={copy.intro} />
      {showsTeam && <TeamSection />}
      <section aria-labelledby="story-heading" className="py-16 sm:py-24">
        <div className="container-page grid gap-12 lg:grid-cols-[3fr_2fr] lg:gap-16">
          <div>
            <h2 id="story-heading" className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
              {aboutSections.storyHeading}
            </h2>
            <div className="mt-6 space-y-5 text-lg leading-8 text-slate-700">
              {story.paragraphs.map((paragraph) => (
                <p key={paragraph}>
                  <KeepTogether text={paragraph} />
                </p>
              ))}
            </div>
          </div>
          <div className="self-start rounded-3xl bg-harbour-800 p-8 text-white">
            <AudienceStats
              className="grid content-start gap-4"
              itemClassName="flex flex-col-reverse border-b border-white/15 pb-4 last:border-0 last:pb-0"
              labelClassName="text-slate-200"
              valueClassName="text-4xl font-extrabold tracking-tight text-sand-300"
            />
            <NewsletterLink label={newsletterLinkLabels.about} cta="about-newsletter" className="mt-6" />
          </div>
        </div>
      </section>
      <section aria-labelledby="reasons-heading" className="bg-slate-50 py-16 sm:py-24">
        <div className="container-page">
          <SectionHeading id="reasons-heading" copy={aboutSections.reasons} />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {reasons.map((reason) => (
              <IconCard key={reason.title} icon={reason.icon} title={reason.title} description={reason.description} />
            ))}
          </ol>
        </div>
      </section>
      <ConsultSection />
    </>
  );
}
