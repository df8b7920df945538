import { ArrowDown } from 'lucide-react';
import { BookConsultLink } from '../components/BookConsultLink.tsx';
import { AddOnsSection } from '../components/AddOnsSection.tsx';
import { ConsultSection } from '../components/ConsultSection.tsx';
import { PackagesSection } from '../components/PackagesSection.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { useSiteConfig } from '../app/site-config.tsx';
import { JsonLd } from '../components/JsonLd.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { pageCopy } from '../content/pages.ts';
import { studioSchema } from '../lib/structured-data.ts';

export default function ServicesPage() {
  const copy = pageCopy.services;
  const config = useSiteConfig();
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/services" />
      {/* The packages and add-ons as offers, from the same content the cards show. */}
      <JsonLd data={studioSchema(config)} />
      <PageHero eyebrow="Services" heading={copy.heading} intro={copy.intro}>
        <BookConsultLink cta="services-hero-book-free-consult" />
        <a href="#services" className="btn-ghost-light" data-cta="services-hero-view-packages">
          View Packages
          <ArrowDown className="size-5" aria-hidden="true" />
        </a>
      </PageHero>
      <PackagesSection />
      <AddOnsSection />
      <ConsultSection />
    </>
  );
}
