import { useSiteConfig } from '../app/site-config.tsx';
import { studioSchema } from '../lib/structured-data.ts';
import { AddOnsSection } from './AddOnsSection.tsx';
import { AudienceSection } from './AudienceSection.tsx';
import { ConsultSection } from './ConsultSection.tsx';
import { FaqSection } from './FaqSection.tsx';
import { IndustriesSection } from './IndustriesSection.tsx';
import { JsonLd } from './JsonLd.tsx';
import { LocalAdvantageSection } from './LocalAdvantageSection.tsx';
import { PackagesSection } from './PackagesSection.tsx';
import { StepsSection } from './StepsSection.tsx';

/** The home page below its hero, with the studio's structured data. */
export function HomeSections() {
  const config = useSiteConfig();
  return (
    <>
      <JsonLd data={studioSchema(config)} />
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
