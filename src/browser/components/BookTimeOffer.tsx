import { bookTime } from '../../content/booking.ts';
import { bookingHref, type BookingContact } from '../lib/booking-link.ts';
import { BookTimeLink } from './BookTimeLink.tsx';
import { KeepTogether } from './KeepTogether.tsx';

/**
 * What the form's success message offers when BOOKING_URL is set, in the same render as the thanks: a line on why,
 * and the link, carrying the name and email just sent where the scheduling service takes them.
 */
export function BookTimeOffer({ bookingUrl, contact }: { bookingUrl: string; contact: BookingContact }) {
  return (
    <>
      <p className="mt-3 text-slate-700">
        <KeepTogether text={bookTime.lead} />
      </p>
      <BookTimeLink href={bookingHref(bookingUrl, contact)} className="btn-dark mt-5" />
    </>
  );
}
