import { AddOnsSection } from '../components/AddOnsSection.tsx';
import { AudienceSection } from '../components/AudienceSection.tsx';
import { ConsultSection } from '../components/ConsultSection.tsx';
import { FaqSection } from '../components/FaqSection.tsx';
import { HomeHero } from '../components/HomeHero.tsx';
import { IndustriesSection } from '../components/IndustriesSection.tsx';
import { LocalAdvantageSection } from '../components/LocalAdvantageSection.tsx';
import { PackageComparison } from '../components/PackageComparison.tsx';
import { PackagesSection } from '../components/PackagesSection.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { StepsSection } from '../components/StepsSection.tsx';
import { StudioStructuredData } from '../components/StudioStructuredData.tsx';
import { homeCopy as copy } from '../content/page-copy/home.ts';

export default function HomePage() {
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/" />
      <HomeHero />
      {/* Straight under the hero, so that a phone reaches a price on its second screen. */}
      <PackageComparison />
      <StudioStructuredData />
      <LocalAdvantageSection />
      <AudienceSection />
      <IndustriesSection />
      <PackagesSection />
      {/* The consult form stays out of it: content-visibility makes the wrapper a layer of its own, painted under the
          mobile consult bar, where the form's place above the bar (src/styles.css) would not hold. */}
      <div className="render-when-near [--rendered-height:4976px] md:[--rendered-height:3917px] lg:[--rendered-height:2749px]">
        <AddOnsSection />
        <StepsSection />
        <FaqSection limit={5} />
      </div>
      <ConsultSection />
    </>
  );
}
