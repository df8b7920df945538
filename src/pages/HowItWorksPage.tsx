import { BookConsultLink } from '../components/BookConsultLink.tsx';
import { ConsultSection } from '../components/ConsultSection.tsx';
import { FaqSection } from '../components/FaqSection.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { StepsSection } from '../components/StepsSection.tsx';
import { howItWorksCopy as copy } from '../content/page-copy/how-it-works.ts';

export default function HowItWorksPage() {
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/how-it-works" />
      <PageHero eyebrow="Our process" heading={copy.heading} intro={copy.intro}>
        <BookConsultLink cta="how-it-works-hero-book-free-consult" />
      </PageHero>
      <StepsSection />
      <FaqSection />
      <ConsultSection />
    </>
  );
}
