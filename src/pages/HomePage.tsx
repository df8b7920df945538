import { DeferredHomeSections } from '../components/DeferredHomeSections.tsx';
import { HomeHero } from '../components/HomeHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { homeCopy } from '../content/page-copy/home.ts';

export default function HomePage() {
  const copy = homeCopy;
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/" />
      <HomeHero />
      {/* Everything below the hero hydrates after the page is interactive. */}
      <DeferredHomeSections />
    </>
  );
}
