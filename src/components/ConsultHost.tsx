import { consultHostLine } from '../content/team-sections.ts';
import { consultHost } from '../lib/team.ts';
import { MemberPortrait } from './MemberPortrait.tsx';

/**
 * The consult form card's heading: the form's own heading, when the page gives one, and who the visitor will talk to
 * in the free consult with their photo or initials beside it, once the team names someone who takes the consults.
 * One row with the portrait rather than a block above the card, so that on a phone the first field stays on the
 * first screen.
 */
export function ConsultHost({ heading }: { heading?: string }) {
  const host = consultHost();
  const title = heading && <h2 className="text-lg leading-6 font-bold text-ink sm:text-2xl">{heading}</h2>;
  if (!host) return title ? <div className="mb-5">{title}</div> : null;
  return (
    <div className="mb-5 flex items-center gap-3" data-testid="consult-host">
      <MemberPortrait member={host} size={48} />
      <div className="min-w-0">
        {title}
        <p className={heading ? 'text-sm leading-5 text-slate-700 sm:text-base' : 'leading-6 font-semibold text-ink'}>
          {consultHostLine(host.name, host.role)}
        </p>
      </div>
    </div>
  );
}
