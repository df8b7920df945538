import { afterSendingWithBooking } from './sections.ts';

/** The link to the studio's scheduling page (BOOKING_URL), offered the moment an enquiry is sent. */
export const bookTime = {
  label: 'Choose a time for your free consult',
  cta: 'book-a-time',
  /** The offer beside every consult form, before anything is sent. */
  upFront: 'Prefer to pick a time now?',
  /** Its marker on /start-project… */
  upFrontCta: 'start-project-book-a-time',
  /** …and in the consult section of every other page. */
  upFrontSectionCta: 'consult-book-a-time',
  /** Above the link, where the visitor has just sent the form. */
  lead: afterSendingWithBooking,
} as const;
