import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { unsubscribeCopy as copy } from '../content/page-copy/newsletter.ts';
import type { Loaded } from '../lib/route-load.ts';
import { newsletterPaths, newsletterUnsubscribePath } from '../lib/newsletter.ts';

/**
 * An email's way out. Opening it removes nothing (link checkers open every link): its button posts to this same
 * address, as a mail client's one-click unsubscribe does, and the server answers with the unsubscribed page. Never
 * indexed, nor in the sitemap, nor fetched ahead.
 */
export default function NewsletterUnsubscribePage({ data: { token } }: Loaded<'page', { token: string }>) {
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path={newsletterPaths.unsubscribe} noindex />
      <PageHero eyebrow="Newsletter" heading={copy.heading} intro={copy.intro}>
        <form method="post" action={newsletterUnsubscribePath(token)}>
          <button type="submit" className="btn-primary px-7 text-lg">
            {copy.button}
          </button>
        </form>
      </PageHero>
    </>
  );
}
