import { useSiteConfig } from '../app/site-config.tsx';
import { AddOnsSection } from '../components/AddOnsSection.tsx';
import { AudienceSection } from '../components/AudienceSection.tsx';
import { ConsultSection } from '../components/ConsultSection.tsx';
import { FaqSection } from '../components/FaqSection.tsx';
import { HomeHero } from '../components/HomeHero.tsx';
import { IndustriesSection } from '../components/IndustriesSection.tsx';
import { LocalAdvantageSection } from '../components/LocalAdvantageSection.tsx';
import { PackagesSection } from '../components/PackagesSection.tsx';
import { JsonLd } from '../components/JsonLd.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { StepsSection } from '../components/StepsSection.tsx';
import { pageCopy } from '../content/pages.ts';
import { studioSchema } from '../lib/structured-data.ts';

export default function HomePage() {
  const copy = pageCopy.home;
  const config = useSiteConfig();
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/" />
      <JsonLd data={studioSchema(config)} />
      <HomeHero />
      <LocalAdvantageSection />
      <AudienceSection />
      <IndustriesSection />
      <PackagesSection />
      <AddOnsSection />
      <StepsSection />
      <FaqSection limit={5} />
      <ConsultSection />
    </>
  );
}
