import type { TeamMember } from '../content/team.ts';
import { initials } from '../lib/team.ts';
import { Portrait } from '../browser/components/Portrait.tsx';

const initialsClass = { 48: 'size-12 text-base', 64: 'size-16 text-xl' } as const;

/** A team member's photo, or their initials in a circle of the same size when the studio has not given one. */
export function MemberPortrait({ member, size }: { member: TeamMember; size: 48 | 64 }) {
  if (member.photo) return <Portrait src={member.photo} size={size} />;
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-sea-50 font-bold text-sea-700 ${initialsClass[size]}`}
    >
      {initials(member.name)}
    </span>
  );
}
