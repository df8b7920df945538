import type { BookingContact } from './booking-link.ts';

/**
 * A plain form post lands on /thank-you with nothing of the visitor in it (the page is cached, and its address says
 * nothing). When the browser had the page's scripts, the boot loader hands the name and email over from the
 * enquiry's draft as it clears it, and the thank-you page puts them in its booking link and deletes them.
 * Why: docs/decisions/booking-prefill.md
 */
const storageKey = 'booking-contact';

/** On the page an accepted enquiry lands on, when it offers a booking link: keeps the draft's name and email. */
export function keepBookingContact(values: Record<string, string> | undefined): void {
  const { firstname = '', lastname = '', email = '' } = values ?? {};
  if (!firstname || !email) return;
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ firstname, lastname, email } satisfies BookingContact));
  } catch {
    // Storage is off: the booking link stays plain.
  }
}

/** The name and email kept for the booking link: deleted from storage as they are read. */
export function takeBookingContact(): BookingContact | undefined {
  try {
    const contact = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Partial<BookingContact> | null;
    sessionStorage.removeItem(storageKey);
    if (typeof contact?.firstname !== 'string' || typeof contact.email !== 'string') return undefined;
    return { firstname: contact.firstname, lastname: String(contact.lastname ?? ''), email: contact.email };
  } catch {
    return undefined;
  }
}
