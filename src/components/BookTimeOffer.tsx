import { bookTime } from '../content/booking.ts';
import { BookTimeLink } from './BookTimeLink.tsx';

/** What the form's success message offers when BOOKING_URL is set: a line on why, and the link. */
export default function BookTimeOffer({ href }: { href: string }) {
  return (
    <>
      <p className="mt-3 text-slate-700">{bookTime.lead}</p>
      <BookTimeLink href={href} className="btn-dark mt-5" />
    </>
  );
}
