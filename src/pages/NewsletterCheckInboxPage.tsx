import { Link } from '../components/Link.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { checkInboxCopy as copy } from '../content/page-copy/newsletter.ts';
import { newsletterMessages, newsletterPaths } from '../lib/newsletter.ts';
import { ctaProps } from '../shared/page-contract.ts';

/**
 * Where a plain sign-up post lands (303): the same words for every valid address, so that the page tells no one
 * whether an address was already subscribed. Not indexed, and not in the sitemap.
 */
export default function NewsletterCheckInboxPage() {
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path={newsletterPaths.checkYourInbox} noindex />
      <PageHero eyebrow="Newsletter" heading={copy.heading} intro={newsletterMessages.checkYourInbox} />
      <section className="py-12 sm:py-16">
        <div className="container-page max-w-3xl">
          <p className="text-lg leading-8 text-slate-700">{copy.notArrived}</p>
          <Link to="/blog" className="btn-dark mt-8" {...ctaProps('newsletter-inbox-blog')}>
            {copy.blogLink}
          </Link>
        </div>
      </section>
    </>
  );
}
