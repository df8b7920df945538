import { CalendarClock as calendarClockIcon } from 'lucide';
import { bookTime } from '../content/booking.ts';
import { LucideIcon } from './LucideIcon.tsx';

/**
 * The studio's scheduling page, as a plain link: it works without JavaScript, and nothing is fetched from the
 * booking host until the visitor clicks (no preconnect, no embed), so the page's CSP stays as it is.
 */
export function BookTimeLink({ href, className = 'btn-primary' }: { href: string; className?: string }) {
  return (
    <a href={href} className={`${className} text-lg`} data-cta={bookTime.cta}>
      <LucideIcon icon={calendarClockIcon} name="calendar-clock" className="size-5 shrink-0" />
      {bookTime.label}
    </a>
  );
}
