import { useLocation } from 'react-router-dom';
import NewsletterForm from '../browser/components/NewsletterForm.tsx';
import { useSiteConfig } from '../browser/site-config.tsx';
import { newsletterForm } from '../content/newsletter.ts';
import { useNewsletterFormState } from '../lib/newsletter-form-state.ts';

interface NewsletterSignupProps {
  /** `compact` beside a post's package card and the blog's list: a smaller heading and box. */
  size?: 'full' | 'compact';
  /** The heading's element: an h2 where the sign-up stands as a section of the page, else an h3. */
  headingLevel?: 2 | 3;
}

/**
 * The newsletter's sign-up box, where a confirmation can be sent (the public config's `newsletterSignup`); nothing
 * otherwise. Its form works as the server's HTML without JavaScript.
 */
export function NewsletterSignup({ size = 'full', headingLevel = 2 }: NewsletterSignupProps) {
  const { newsletterSignup } = useSiteConfig();
  const state = useNewsletterFormState();
  const { pathname } = useLocation();
  if (!newsletterSignup) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const compact = size === 'compact';
  return (
    <div className={`card ${compact ? 'p-5' : 'p-5 sm:p-8'}`} data-newsletter-signup>
      <Heading className={`font-bold text-ink ${compact ? 'text-lg' : 'text-2xl'}`}>{newsletterForm.heading}</Heading>
      <p className={`mt-1 mb-4 text-slate-600 ${compact ? 'text-sm' : ''}`}>{newsletterForm.intro}</p>
      <NewsletterForm state={state} pagePath={pathname} />
    </div>
  );
}
