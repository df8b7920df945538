import { NewsletterSignup } from '../components/NewsletterSignup.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { unsubscribedCopy as copy } from '../content/page-copy/newsletter.ts';
import { newsletterPaths } from '../lib/newsletter.ts';

/**
 * What an unsubscribe POST answers with: the address is gone, and the sign-up (its form, as on every page) is
 * offered again. Never indexed, nor in the sitemap.
 */
export default function NewsletterUnsubscribedPage() {
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path={newsletterPaths.unsubscribed} noindex />
      <PageHero eyebrow="Newsletter" heading={copy.heading} intro={copy.intro} />
      <section className="py-12 sm:py-16">
        <div className="container-page max-w-2xl">
          <NewsletterSignup />
        </div>
      </section>
    </>
  );
}
