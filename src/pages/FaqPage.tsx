import { ConsultSection } from '../components/ConsultSection.tsx';
import { FaqList } from '../components/FaqList.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { JsonLd } from '../components/JsonLd.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { faqItems } from '../content/faq.ts';
import { faqCopy as copy } from '../content/page-copy/faq.ts';
import { faqSchema } from '../lib/structured-data.ts';

export default function FaqPage() {
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/faq" />
      <JsonLd data={faqSchema(faqItems)} />
      <PageHero eyebrow="FAQ" heading={copy.heading} intro={copy.intro} />
      <section aria-labelledby="faq-list-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className="container-page max-w-3xl">
          <h2 id="faq-list-heading" className="sr-only">
            All questions
          </h2>
          <FaqList items={faqItems} />
        </div>
      </section>
      <ConsultSection />
    </>
  );
}
