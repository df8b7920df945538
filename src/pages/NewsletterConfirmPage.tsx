import { newsletterConfirmAttribute } from '../shared/page-contract.ts';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { confirmCopy as copy } from '../content/page-copy/newsletter.ts';
import type { Loaded } from '../lib/route-load.ts';
import { confirmTokenFieldName, newsletterPaths } from '../lib/newsletter.ts';

/**
 * The page a confirmation email's link opens. Opening it confirms nothing (email link checkers open every link):
 * its one button posts the token, and with JavaScript the boot loader posts it for the visitor after a moment
 * (src/browser/lib/newsletter-pages.ts). A link that no longer works is answered by the post with /newsletter, its
 * sign-up saying so. Never indexed, nor in the sitemap, nor fetched ahead.
 */
export default function NewsletterConfirmPage({ data: { token } }: Loaded<'page', { token: string }>) {
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path={newsletterPaths.confirmPage} noindex />
      <PageHero eyebrow="Newsletter" heading={copy.heading} intro={copy.intro}>
        <form method="post" action={newsletterPaths.confirm} {...{ [newsletterConfirmAttribute]: '' }}>
          <input type="hidden" name={confirmTokenFieldName} value={token} />
          <button type="submit" className="btn-primary px-7 text-lg">
            {copy.button}
          </button>
        </form>
      </PageHero>
    </>
  );
}
