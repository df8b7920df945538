import { claims } from './offer.ts';

/** The link to the studio's scheduling page (BOOKING_URL), offered the moment an enquiry is sent. */
export const bookTime = {
  label: 'Choose a time for your free consult',
  cta: 'book-a-time',
  /** Above the link, where the visitor has just sent the form. */
  lead: `Skip the wait: pick a time for your free ${claims.consult} consult now. If none suits, we'll reply within ${claims.reply} to find one.`,
} as const;

/** Scheduling services by host, as the privacy page names them. */
const knownServices: ReadonlyArray<[RegExp, string]> = [
  [/(^|\.)hubspot\.com$/, 'HubSpot Meetings'],
  [/(^|\.)cal\.com$/, 'Cal.com'],
  [/(^|\.)calendly\.com$/, 'Calendly'],
  [/(^|\.)acuityscheduling\.com$/, 'Acuity Scheduling'],
  [/(^|\.)zcal\.co$/, 'zcal'],
  [/(^|\.)tidycal\.com$/, 'TidyCal'],
  [/(^|\.)google\.com$/, 'Google Calendar'],
  [/(^|\.)outlook\.office\.com$/, 'Microsoft Bookings'],
];

/** The scheduling service behind a booking page, by its name when known, else by its host (`book.example.com`). */
export function schedulingService(bookingUrl: string): string {
  const host = new URL(bookingUrl).hostname.replace(/^www\./, '');
  return knownServices.find(([pattern]) => pattern.test(host))?.[1] ?? host;
}
