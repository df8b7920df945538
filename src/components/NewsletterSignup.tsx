import { useLocation } from 'react-router-dom';
import { newsletterForm } from '../content/newsletter-form.ts';
import { usePageConfig } from '../lib/page-config.ts';
import { hidesMobileBarAttribute } from '../shared/page-contract.ts';
import { Island } from './Island.tsx';

interface NewsletterSignupProps {
  /** `compact` beside a post's package card and the blog's list: a smaller heading and box. */
  size?: 'full' | 'compact';
}

/**
 * The newsletter's sign-up box, where a confirmation can be sent (the public config's `newsletterSignup`); nothing
 * otherwise. Its form works as the server's HTML without JavaScript; its island (NewsletterForm), with its own token
 * and state, hydrates as it nears the screen and then answers in place.
 */
export function NewsletterSignup({ size = 'full' }: NewsletterSignupProps) {
  const { newsletterSignup } = usePageConfig();
  const { pathname } = useLocation();
  if (!newsletterSignup) return null;
  const compact = size === 'compact';
  return (
    // The mobile consult bar steps aside while the box is on screen, as it does for the consult form: it would cover
    // the button.
    <div
      className={`card ${compact ? 'p-5' : 'p-5 sm:p-8'}`}
      data-newsletter-signup
      {...{ [hidesMobileBarAttribute]: true }}
    >
      <h2 className={`font-bold text-ink ${compact ? 'text-lg' : 'text-2xl'}`}>{newsletterForm.heading}</h2>
      <p className={`mt-1 mb-4 text-slate-600 ${compact ? 'text-sm' : ''}`}>{newsletterForm.intro}</p>
      <Island name="newsletter" props={{ pagePath: pathname }} wake="near" />
    </div>
  );
}
