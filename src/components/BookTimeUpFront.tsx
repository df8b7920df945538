import { CalendarClock as calendarClockIcon } from 'lucide';
import { bookTime } from '../content/booking.ts';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { asksToBookAttribute, ctaProps } from '../shared/page-contract.ts';

/**
 * The consult section's second way in, beside the form (above it on a phone): the studio's scheduling page, straight
 * away. A plain link, as after an enquiry: nothing is fetched from the booking host until
 * the visitor clicks.
 */
export function BookTimeUpFront({
  href,
  className,
}: {
  href: string;
  /** Where it stands in its section. */
  className: string;
}) {
  return (
    // Once the enquiry is sent, its message offers a time instead.
    <p className={className} {...{ [asksToBookAttribute]: true }}>
      <a
        href={href}
        className="inline-flex items-start gap-3 rounded-lg text-white hover:text-sand-300"
        {...ctaProps(bookTime.upFrontSectionCta)}
      >
        <LucideIcon icon={calendarClockIcon} name="calendar-clock" className="mt-0.5 size-5 shrink-0 text-sand-300" />
        <span>
          <strong className="font-bold">{bookTime.upFront}</strong>{' '}
          <span className="underline underline-offset-4">{bookTime.label}</span>
        </span>
      </a>
    </p>
  );
}
