import { claims } from './offer.ts';

/** The footer's call to action and the studio in a sentence, on every page. */
export const footerCopy = {
  ctaHeading: 'Ready to be the local business everyone finds first?',
  ctaText: `Book a free ${claims.consult} consult. We reply within ${claims.reply}.`,
  blurb: `Fixed-price marketing for Newcastle small businesses, backed by a local newsletter with ${claims.subscribers} subscribers.`,
  /** Before the service area: "Serving Newcastle, NSW". */
  serving: 'Serving',
  /** The name of the list of the studio's social profiles. */
  social: 'Follow us',
  privacy: 'Privacy',
} as const;
