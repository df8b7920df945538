import { ArrowDown as arrowDownIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { BookConsultLink } from '../components/BookConsultLink.tsx';
import { AddOnsSection } from '../components/AddOnsSection.tsx';
import { ConsultSection } from '../components/ConsultSection.tsx';
import { StudioStructuredData } from '../components/StudioStructuredData.tsx';
import { PackagesSection } from '../components/PackagesSection.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { servicesCopy as copy } from '../content/page-copy/services.ts';
import { ctaProps } from '../shared/page-contract.ts';

export default function ServicesPage() {
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/services" />
      <StudioStructuredData />
      <PageHero eyebrow="Services" heading={copy.heading} intro={copy.intro}>
        <BookConsultLink cta="services-hero-book-free-consult" />
        <a href="#services" className="btn-ghost-light" {...ctaProps('services-hero-view-packages')}>
          View Packages
          <LucideIcon icon={arrowDownIcon} name="arrow-down" className="size-5" />
        </a>
      </PageHero>
      <PackagesSection />
      <AddOnsSection />
      <ConsultSection />
    </>
  );
}
