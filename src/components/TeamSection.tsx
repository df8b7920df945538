import { team } from '../content/team.ts';
import { teamSection } from '../content/sections.ts';
import { teamMemberId } from '../lib/team.ts';
import { Portrait } from './Portrait.tsx';
import { SectionHeading } from './SectionHeading.tsx';

/** Two letters for a member without a photo: "Sarah Mitchell" → "SM". */
function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return [words[0], words.length > 1 ? words.at(-1) : undefined]
    .map((word) => word?.charAt(0).toUpperCase() ?? '')
    .join('');
}

/** The studio's people on /about, each at an id their posts' bylines link to; nothing while the team is empty. */
export function TeamSection() {
  if (team.length === 0) return null;
  return (
    <section id="team" aria-labelledby="team-heading" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="team-heading" copy={teamSection} />
        <ul className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
          {team.map((member) => (
            <li
              key={member.name}
              id={teamMemberId(member.name)}
              className="card flex scroll-mt-24 items-start gap-5 p-6 sm:p-8"
            >
              {member.photo ? (
                <Portrait src={member.photo} size={64} />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-16 shrink-0 items-center justify-center rounded-full bg-sea-50 text-xl font-bold text-sea-700"
                >
                  {initials(member.name)}
                </span>
              )}
              <div>
                <h3 className="text-xl font-bold text-ink">{member.name}</h3>
                <p className="mt-1 font-semibold text-sea-700">{member.role}</p>
                <p className="mt-3 leading-7 text-slate-600">{member.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
