import type { PageCopy } from '../page-copy.ts';
import { claims } from '../offer.ts';

export const startProjectCopy = {
  title: 'Book a Free Consult',
  description: `Book a free ${claims.consult} consult with our Newcastle marketing studio. Tell us about your business and we'll reply within ${claims.reply} with next steps.`,
  heading: `Book your free ${claims.consult} consult`,
  /** The page's one line of promise, above the form. */
  intro: `We'll reply within ${claims.reply}.`,
} as const satisfies PageCopy;

export const startProjectForm = {
  /** The promise when the studio has a scheduling page (BOOKING_URL). */
  introWithBooking: `We'll reply within ${claims.reply}, or you can choose a time straight after sending.`,
  heading: 'Tell us about your business',
} as const;
