import { team, type TeamMember } from '../content/team.ts';
import { slugify } from './slug.ts';

/** The id of a member's entry on /about, which their posts' bylines link to: "team-sarah-mitchell". */
export const teamMemberId = (name: string): string => `team-${slugify(name)}`;

/** The member who writes the blog's posts under this username, if any. */
export function teamMemberByAuthor(username: string): TeamMember | undefined {
  return team.find((member) => member.author === username);
}

/** The member who takes the free consults, when the studio has named one. */
export function consultHost(): TeamMember | undefined {
  return team.find((member) => member.takesConsults);
}
