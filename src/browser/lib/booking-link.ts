import { prefillParameters } from '../../content/scheduling-services.ts';

/** Who just sent an enquiry, as the form's fields name them. */
export interface BookingContact {
  firstname: string;
  lastname?: string;
  email: string;
}

/**
 * The link to the studio's scheduling page: with the visitor's name and email in the parameters its service
 * documents (HubSpot Meetings, Cal.com, Calendly), so that its form starts filled in; any other page, or no
 * contact yet, gets BOOKING_URL as it is. Parameters the link already has are kept.
 */
export function bookingHref(bookingUrl: string, contact?: BookingContact): string {
  const names = prefillParameters(bookingUrl);
  if (!names || !contact?.email) return bookingUrl;
  const firstName = contact.firstname.trim();
  const lastName = contact.lastname?.trim() ?? '';
  const values: [string | undefined, string][] = [
    [names.name, [firstName, lastName].filter(Boolean).join(' ')],
    [names.firstName, firstName],
    [names.lastName, lastName],
    [names.email, contact.email.trim()],
  ];
  const url = new URL(bookingUrl);
  for (const [name, value] of values) if (name && value) url.searchParams.set(name, value);
  return url.toString();
}
