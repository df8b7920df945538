/**
 * The scheduling services the studio's booking page (BOOKING_URL) may be on, known by host: their names for the
 * privacy page, and the parameters that fill in their form. Apart from the booking offer's words (./booking.ts), so
 * that the boot loader, which fills in the booking link on /thank-you, carries no copy with it.
 */

/**
 * The query parameters in which a scheduling service's booking page takes the visitor's details, so that its form
 * starts filled in: each name as the service documents it.
 */
export interface PrefillParameters {
  /** The whole name, "Jane Citizen". */
  readonly name?: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly email: string;
}

interface SchedulingService {
  readonly host: RegExp;
  /** As the privacy page names it. */
  readonly name: string;
  /** Only for the services whose documentation gives them; any other booking page gets the plain link. */
  readonly prefill?: PrefillParameters;
}

/** Scheduling services by host. Why these parameters, and where each is documented: docs/decisions/booking-prefill.md */
const knownServices: readonly SchedulingService[] = [
  {
    host: /(^|\.)hubspot\.com$/,
    name: 'HubSpot Meetings',
    prefill: { firstName: 'firstname', lastName: 'lastname', email: 'email' },
  },
  { host: /(^|\.)cal\.com$/, name: 'Cal.com', prefill: { name: 'name', email: 'email' } },
  {
    host: /(^|\.)calendly\.com$/,
    name: 'Calendly',
    // A Calendly event asks for one name or for first and last names: both are given, and it reads what it asks.
    prefill: { name: 'name', firstName: 'first_name', lastName: 'last_name', email: 'email' },
  },
  { host: /(^|\.)acuityscheduling\.com$/, name: 'Acuity Scheduling' },
  { host: /(^|\.)zcal\.co$/, name: 'zcal' },
  { host: /(^|\.)tidycal\.com$/, name: 'TidyCal' },
  { host: /(^|\.)google\.com$/, name: 'Google Calendar' },
  { host: /(^|\.)outlook\.office\.com$/, name: 'Microsoft Bookings' },
];

function knownService(bookingUrl: string): SchedulingService | undefined {
  const host = new URL(bookingUrl).hostname.replace(/^www\./, '');
  return knownServices.find((service) => service.host.test(host));
}

/** The scheduling service behind a booking page, by its name when known, else by its host (`book.example.com`). */
export function schedulingService(bookingUrl: string): string {
  return knownService(bookingUrl)?.name ?? new URL(bookingUrl).hostname.replace(/^www\./, '');
}

/** The parameters a booking page takes the visitor's details in, or undefined when it is not known to take any. */
export function prefillParameters(bookingUrl: string): PrefillParameters | undefined {
  return knownService(bookingUrl)?.prefill;
}
