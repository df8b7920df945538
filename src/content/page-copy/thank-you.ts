import type { PageCopy } from '../page-copy.ts';
import { claims } from '../offer.ts';

export const thankYouCopy = {
  title: 'Thank You',
  description: `Your enquiry is in. We'll reply within ${claims.reply} to book your free ${claims.consult} consult with our Newcastle marketing studio.`,
  heading: 'Thank you, your enquiry is in',
  intro: `We'll reply within ${claims.reply} to book your free ${claims.consult} consult.`,
} as const satisfies PageCopy;

export const thankYouNextSteps = {
  heading: 'What happens next',
  steps: [
    `We read your enquiry and reply within ${claims.reply}, by email or phone.`,
    `We book your free ${claims.consult} consult at a time that suits you: no cost and no obligation.`,
    'In the consult we talk through your goals and recommend the package that fits, with a fixed price.',
  ],
  /** The steps when the studio has a scheduling page: the link above is the quicker way to a time. */
  stepsWithBooking: [
    `Pick a time for your free ${claims.consult} consult with the link above, or we reply within ${claims.reply}, by email or phone, to find one.`,
    'The consult costs nothing and carries no obligation.',
    'In the consult we talk through your goals and recommend the package that fits, with a fixed price.',
  ],
  meanwhile: 'While you wait',
  blogLink: 'Read local marketing tips on our blog',
  servicesLink: 'Compare our packages',
} as const;
