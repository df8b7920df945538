import { CalendarCheck } from 'lucide-react';
import { Link } from './Link.tsx';
import { bookConsultLabel } from '../content/navigation.ts';

interface BookConsultLinkProps {
  /** The analytics label of this call to action (data-cta). */
  cta: string;
  className?: string;
  icon?: boolean;
}

/** SPEC's main call to action, wherever it appears: to the consult page, with its exact label. */
export function BookConsultLink({ cta, className = 'btn-primary', icon = true }: BookConsultLinkProps) {
  return (
    <Link to="/start-project" className={className} data-cta={cta}>
      {icon && <CalendarCheck className="size-5" aria-hidden="true" />}
      {bookConsultLabel}
    </Link>
  );
}
