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
      <div className="render-when-near [--rendered-height:7150px] md:[--rendered-height:5400px] lg:[--rendered-height:4000px]">
        <AddOnsSection />
        <StepsSection />
        <FaqSection limit={5} />
        <ConsultSection />
      </div>
    </>
  );
}
