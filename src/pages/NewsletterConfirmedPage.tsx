import { newsletterConfirmedAttribute, ctaProps } from '../shared/page-contract.ts';
import { Link } from '../components/Link.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { confirmedCopy as copy } from '../content/page-copy/newsletter.ts';
import { newsletterPaths } from '../lib/newsletter.ts';

/**
 * Where the confirmation's post lands (303). Its HTML is the same for everyone: the boot loader reports `sign_up`
 * once, only in the tab whose post set the cookie that says so (src/browser/lib/newsletter-pages.ts). Not indexed,
 * and not in the sitemap.
 */
export default function NewsletterConfirmedPage() {
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path={newsletterPaths.confirmed} noindex />
      <PageHero eyebrow="Newsletter" heading={copy.heading} intro={copy.intro} />
      <section className="py-12 sm:py-16" {...{ [newsletterConfirmedAttribute]: '' }}>
        <div className="container-page max-w-3xl">
          <h2 className="text-2xl font-bold text-ink">{copy.next}</h2>
          <Link to="/blog" className="btn-dark mt-6" {...ctaProps('newsletter-confirmed-blog')}>
            {copy.blogLink}
          </Link>
        </div>
      </section>
    </>
  );
}
