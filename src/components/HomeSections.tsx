import { AddOnsSection } from './AddOnsSection.tsx';
import { AudienceSection } from './AudienceSection.tsx';
import { FaqSection } from './FaqSection.tsx';
import { IndustriesSection } from './IndustriesSection.tsx';
import { LocalAdvantageSection } from './LocalAdvantageSection.tsx';
import { PackagesSection } from './PackagesSection.tsx';
import { StepsSection } from './StepsSection.tsx';
import { StudioStructuredData } from './StudioStructuredData.tsx';

/** The home page from below its hero to the packages, with the studio's structured data. */
export function HomeSections() {
  return (
    <>
      <StudioStructuredData />
      <LocalAdvantageSection />
      <AudienceSection />
      <IndustriesSection />
      <PackagesSection />
    </>
  );
}

/** The home page's add-ons, steps and first questions, before its consult form. */
export function HomeClosingSections() {
  return (
    <>
      <AddOnsSection />
      <StepsSection />
      <FaqSection limit={5} />
    </>
  );
}
