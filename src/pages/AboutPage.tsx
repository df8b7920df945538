import { ConsultSection } from '../components/ConsultSection.tsx';
import { ContentIcon } from '../components/ContentIcon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { aboutSections, reasons, story } from '../content/about.ts';
import { audience } from '../content/home.ts';
import { pageCopy } from '../content/pages.ts';

export default function AboutPage() {
  const copy = pageCopy.about;
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/about" />
      <PageHero eyebrow={story.eyebrow} heading={copy.heading} intro={copy.intro} />
      <section aria-labelledby="story-heading" className="py-16 sm:py-24">
        <div className="container-page grid gap-12 lg:grid-cols-[3fr_2fr] lg:gap-16">
          <div>
            <h2 id="story-heading" className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
              {aboutSections.storyHeading}
            </h2>
            <div className="mt-6 space-y-5 text-lg leading-8 text-slate-700">
              {story.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          <dl className="grid content-start gap-4 self-start rounded-3xl bg-harbour-800 p-8 text-white">
            {audience.stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse border-b border-white/15 pb-4 last:border-0 last:pb-0"
              >
                <dt className="text-slate-200">{stat.label}</dt>
                <dd className="text-4xl font-extrabold tracking-tight text-sand-300">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section aria-labelledby="reasons-heading" className="bg-slate-50 py-16 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <p className="eyebrow">{aboutSections.reasonsEyebrow}</p>
            <h2 id="reasons-heading" className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
              {aboutSections.reasonsHeading}
            </h2>
          </div>
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {reasons.map((reason) => (
              <li key={reason.title} className="card fade-in p-6 sm:p-8">
                <span className="flex size-12 items-center justify-center rounded-xl bg-sea-50 text-sea-700">
                  <ContentIcon name={reason.icon} />
                </span>
                <h3 className="mt-5 text-xl font-bold text-ink">{reason.title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{reason.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <ConsultSection />
    </>
  );
}
