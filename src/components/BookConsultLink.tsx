import { CalendarCheck as calendarCheckIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { Link } from './Link.tsx';
import { bookConsultLabel } from '../content/navigation.ts';
import { ctaProps } from '../shared/page-contract.ts';

interface BookConsultLinkProps {
  /** The analytics label of this call to action (data-cta). */
  cta: string;
  className?: string;
  icon?: boolean;
}

/** The site's main call to action, wherever it appears: to the consult page, with its exact label. */
export function BookConsultLink({ cta, className = 'btn-primary', icon = true }: BookConsultLinkProps) {
  return (
    <Link to="/start-project" className={className} {...ctaProps(cta)}>
      {icon ? (
        // The label comes first and the icon hangs beside it, out of the flow: a browser that paints the page
        // before all its HTML has arrived may show the one without the other, and nothing must move when the
        // other arrives (the mobile bar is at the end of every page). The label's margin keeps the icon's room.
        <span className="relative ml-7">
          {bookConsultLabel}
          <LucideIcon
            icon={calendarCheckIcon}
            name="calendar-check"
            className="absolute top-1/2 right-full mr-2 size-5 -translate-y-1/2"
          />
        </span>
      ) : (
        bookConsultLabel
      )}
    </Link>
  );
}
