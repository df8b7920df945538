import { claims } from './offer.ts';

/** Headings and short introductions of the sections that several pages share. */
export interface SectionCopy {
  readonly eyebrow: string;
  readonly title: string;
  readonly intro?: string;
}

export const packagesSection = {
  eyebrow: 'Services and pricing',
  title: 'Fixed-price packages, no surprises',
  intro:
    'Pick the package that fits where your business is today. Every price, timeline and deliverable is clear before we start.',
} as const satisfies SectionCopy;

/** Under the home page's hero: the three packages side by side, so that a phone reaches a price on its second screen. */
export const comparisonSection = {
  eyebrow: 'Packages at a glance',
  title: 'Three fixed-price packages',
} as const;

/** A package card's disclosure of the features after its first three: "Show 3 more inclusions". */
export const moreFeatures = (count: number) => `Show ${count} more ${count === 1 ? 'inclusion' : 'inclusions'}`;

/** Shown only once the studio has added testimonials (src/content/testimonials.ts). */
export const testimonialsSection = {
  title: 'What our clients say',
} as const;

export const addOnsSection = {
  eyebrow: 'Add-ons',
  title: 'Add more when you need it',
  intro: 'Bolt these onto any package. Each one is quoted to your goals, so you only pay for what moves the needle.',
} as const satisfies SectionCopy;

export const industriesSection = {
  eyebrow: 'Who we help',
  title: 'Industries we serve',
  intro: 'If your customers live nearby, we can help them find you. These are the local businesses we work with most.',
} as const satisfies SectionCopy;

export const stepsSection = {
  eyebrow: 'How it works',
  title: 'From free consult to local results in four steps',
  intro: 'A simple process with no jargon: you always know what happens next and when.',
} as const satisfies SectionCopy;

export const faqSection = {
  eyebrow: 'FAQ',
  title: 'Questions, answered',
  intro: "The things local business owners ask us most. Can't see yours? Ask us in your free consult.",
} as const satisfies SectionCopy;

/**
 * What happens once an enquiry is sent, when the studio has a scheduling page: the form's success message and
 * /thank-you both say this one sentence, once (no toast repeats it under the message).
 */
export const afterSendingWithBooking = `Pick a time for your free ${claims.consult} consult now, or we'll reply within ${claims.reply} to find one.`;

export const consultSection = {
  eyebrow: `Free ${claims.consult} consult`,
  title: 'Book your free consult',
  intro: `Tell us about your business and what you want to achieve. We'll reply within ${claims.reply} to lock in a time.`,
  /** The introduction when the studio has a scheduling page (BOOKING_URL). */
  introWithBooking: `Tell us about your business and what you want to achieve. Send it, then pick a time straight away, or we'll reply within ${claims.reply}.`,
  contactLead: 'Prefer to talk?',
  chosenPlan: "You've chosen:",
  changePlan: 'Change package',
  /** The toast when the provider's form reports a submission… */
  submitted: `Thanks! Your enquiry is in. We'll reply within ${claims.reply}.`,
  /** …and when the studio has a scheduling page, whose link then stands under the provider's thanks. */
  submittedWithBooking: `Thanks! Your enquiry is in. ${afterSendingWithBooking}`,
} as const;
