import { teamSection, writersSection } from '../content/team-sections.ts';
import { teamHoldsOnlyWriters, teamInOrder, teamMemberId } from '../lib/team.ts';
import { MemberPortrait } from './MemberPortrait.tsx';
import { SectionHeading } from './SectionHeading.tsx';

/**
 * The studio's people, each at an id their posts' bylines link to, whoever takes the consults first; nothing while
 * the team is empty. While it holds only the blog's writers it is titled as what it is.
 */
export function TeamSection() {
  const members = teamInOrder();
  if (members.length === 0) return null;
  return (
    <section id="team" aria-labelledby="team-heading" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="team-heading" copy={teamHoldsOnlyWriters() ? writersSection : teamSection} />
        <ul className="mx-auto mt-12 flex max-w-5xl flex-wrap justify-center gap-6">
          {members.map((member) => (
            <li
              key={member.name}
              id={teamMemberId(member.name)}
              className="card flex w-full scroll-mt-24 items-start gap-5 p-6 sm:p-8 md:w-[calc(50%-0.75rem)]"
            >
              <MemberPortrait member={member} size={64} />
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
