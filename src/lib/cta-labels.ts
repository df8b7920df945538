import { bookTime } from '../content/booking.ts';
import { packagesFeaturedInNewsletter } from '../content/newsletter.ts';
import { addOns, packages } from '../content/packages.ts';

/**
 * Every call-to-action label (`ctaAttribute`) the site's pages carry: an enquiry's attribution keeps only one of
 * these, so that staff and the report never show a label a client made up. `src/server/pages.server.test.ts` renders every page and
 * fails on a label missing here.
 */
export const ctaLabels: ReadonlySet<string> = new Set([
  'hero-book-free-consult',
  'hero-compare-plans',
  'post-not-found-blog',
  'footer-book-free-consult',
  'footer-quick-link-book-free-consult',
  'faq-see-all-questions',
  'header-get-my-custom-plan',
  'header-call',
  'mobile-menu-call',
  'mobile-menu-get-my-custom-plan',
  'mobile-bar-book-free-consult',
  'contact-call',
  'contact-email',
  'enquiry-form-submit',
  'start-project-change-package',
  'how-it-works-hero-book-free-consult',
  'services-hero-book-free-consult',
  'services-hero-view-packages',
  'not-found-home',
  'not-found-blog',
  'thank-you-blog',
  'thank-you-services',
  'hero-stats-newsletter',
  'audience-newsletter',
  'about-newsletter',
  'newsletter-subscribe',
  'newsletter-inbox-blog',
  'newsletter-confirmed-blog',
  bookTime.cta,
  bookTime.upFrontCta,
  bookTime.upFrontSectionCta,
  ...packages.map((plan) => `compare-${plan.planId}`),
  ...[...packages, ...addOns].map((plan) => `package-${plan.planId}`),
  ...addOns.map((plan) => `add-on-${plan.planId}`),
  ...[...packages, ...addOns].map((plan) => `footer-plan-${plan.planId}`),
  ...packagesFeaturedInNewsletter.map((plan) => `newsletter-plan-${plan.planId}`),
]);
