import { ConsultSection } from '../components/ConsultSection.tsx';
import { HomeClosingSections, HomeSections } from '../components/HomeSections.tsx';
import { HomeHero } from '../components/HomeHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { homeCopy } from '../content/page-copy/home.ts';

export default function HomePage() {
  const copy = homeCopy;
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/" />
      <HomeHero />
      <HomeSections />
      <div className="render-when-near [--rendered-height:7360px] md:[--rendered-height:5400px] lg:[--rendered-height:4000px]">
        <HomeClosingSections />
        <ConsultSection />
      </div>
    </>
  );
}
