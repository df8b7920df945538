import { CalendarClock as calendarClockIcon } from 'lucide';
import { bookTime } from '../../content/booking.ts';
import { LucideIcon } from '../icons/LucideIcon.tsx';
import { bookingLinkAttribute, ctaProps } from '../../shared/page-contract.ts';

/**
 * The studio's scheduling page once an enquiry is sent, as a plain link: it works without JavaScript, and nothing is
 * fetched from the booking host until the visitor clicks (no preconnect, no embed), so the page's CSP stays as it
 * is. `bookingLinkAttribute` tells the boot loader that this page's link can carry the visitor's name and email
 * (src/browser/lib/booking-contact.ts).
 */
export function BookTimeLink({ href, className = 'btn-primary' }: { href: string; className?: string }) {
  return (
    <a href={href} className={`${className} text-lg`} {...ctaProps(bookTime.cta)} {...{ [bookingLinkAttribute]: '' }}>
      <LucideIcon icon={calendarClockIcon} name="calendar-clock" className="size-5 shrink-0" />
      {bookTime.label}
    </a>
  );
}
