import { claims } from './offer.ts';
import { packages, type Package } from './packages.ts';

/**
 * The studio's newsletter as visitors read about it: what it is, what it covers, what a featured business gets,
 * and the links to it. Its figures and frequency come from the offer (./offer.ts); its issues are posts of the
 * blog's Newsletter category. The sign-up form's words are in ./newsletter-form.ts, which the browser loads.
 */

/** What the newsletter is, in a sentence, wherever the site introduces it. */
export const newsletterSummary = `A ${claims.newsletterFrequency} email about Newcastle: what's new, what's on and the local businesses worth knowing, read by ${claims.subscribers} locals.`;

/** The words of the links to /newsletter, wherever the site talks about the newsletter. */
export const newsletterLinkLabels = {
  /** In the footer's links. */
  footer: 'Newsletter',
  /** Under the home page's audience section and in the audience's stats cards. */
  audience: 'See the newsletter and sign up',
  /** After the About page's story. */
  about: 'Read about our newsletter',
  /** After the FAQ's answer about who reads it. */
  faq: 'Read about the newsletter and sign up',
} as const;

/** What an issue covers: said on /newsletter until the studio publishes a sample issue. */
export const newsletterTopics = [
  'New openings and local businesses worth a visit, introduced by people who live here',
  "What's on around Newcastle in the weeks ahead: markets, events and seasonal offers",
  'Offers from local businesses, for readers first',
  'Practical tips from our blog for running a local business',
] as const;

/** The packages whose clients are featured in the newsletter, each with what it includes. */
export const packagesFeaturedInNewsletter: readonly (Package & { newsletterFeature: string })[] = packages.filter(
  (plan): plan is Package & { newsletterFeature: string } => plan.newsletterFeature !== undefined,
);

/** What a business featured in an issue gets. */
export const featureBenefits = [
  `An introduction to ${claims.subscribers} local subscribers, about ${claims.openRate} of whom open each issue`,
  'Your story written for readers who live and spend nearby, not a cold ad',
  'A link to your website, booking page or offer, where readers can act on it',
] as const;
