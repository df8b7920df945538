import { consultHostLine } from '../content/team-sections.ts';
import { consultHost } from '../lib/team.ts';
import { MemberPortrait } from './MemberPortrait.tsx';

/**
 * Who the visitor will talk to in the free consult, with their photo or initials, above the form: only once the team
 * names someone who takes the consults, and nothing otherwise.
 */
export function ConsultHost({ tone }: { tone: 'dark' | 'light' }) {
  const host = consultHost();
  if (!host) return null;
  return (
    <p
      className={`mb-4 flex items-center gap-3 text-lg font-semibold ${tone === 'dark' ? 'text-white' : 'text-ink'}`}
      data-testid="consult-host"
    >
      <MemberPortrait member={host} size={48} />
      <span>{consultHostLine(host.name, host.role)}</span>
    </p>
  );
}
