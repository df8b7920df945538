import { AddOnsSection } from './AddOnsSection.tsx';
import { AudienceSection } from './AudienceSection.tsx';
import { ConsultSection } from './ConsultSection.tsx';
import { FaqSection } from './FaqSection.tsx';
import { IndustriesSection } from './IndustriesSection.tsx';
import { LocalAdvantageSection } from './LocalAdvantageSection.tsx';
import { PackagesSection } from './PackagesSection.tsx';
import { StepsSection } from './StepsSection.tsx';
import { StudioStructuredData } from './StudioStructuredData.tsx';

/** The home page below its hero, with the studio's structured data. */
export function HomeSections() {
  return (
    <>
      <StudioStructuredData />
      <LocalAdvantageSection />
      <AudienceSection />
      <IndustriesSection />
      <PackagesSection />
      <div className="render-when-near [--rendered-height:6000px] md:[--rendered-height:4800px] lg:[--rendered-height:3500px]">
        <AddOnsSection />
        <StepsSection />
        <FaqSection limit={5} />
        <ConsultSection />
      </div>
    </>
  );
}
