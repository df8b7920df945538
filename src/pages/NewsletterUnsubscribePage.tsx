import { useServerNewsletterState } from '../browser/form-state.tsx';
import { NewsletterSignup } from '../components/NewsletterSignup.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { unsubscribeCopy, unsubscribedCopy } from '../content/page-copy/newsletter.ts';
import type { Loaded } from '../lib/route-load.ts';
import { newsletterPaths, newsletterUnsubscribePath } from '../lib/newsletter.ts';

/**
 * An email's way out. Opening it removes nothing (link checkers open every link): its button posts to this same
 * address, as a mail client's one-click unsubscribe does, and the server answers with this page in its sent state,
 * which says so and offers the sign-up again. Never indexed, nor in the sitemap, nor fetched ahead.
 */
export default function NewsletterUnsubscribePage({ data: { token } }: Loaded<'page', { token: string }>) {
  const state = useServerNewsletterState();
  if (state.status === 'sent') {
    const copy = unsubscribedCopy;
    return (
      <>
        <PageMeta title={copy.title} description={copy.description} path={newsletterPaths.unsubscribe} noindex />
        <PageHero eyebrow="Newsletter" heading={copy.heading} intro={copy.intro} />
        <section className="py-12 sm:py-16">
          <div className="container-page max-w-2xl">
            <NewsletterSignup />
          </div>
        </section>
      </>
    );
  }
  const copy = unsubscribeCopy;
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
