import { team, type TeamMember } from '../content/team.ts';
import { slugify } from './slug.ts';

/** The id of a member's entry in the team section, which their posts' bylines link to: "team-sarah-mitchell". */
export const teamMemberId = (name: string): string => `team-${slugify(name)}`;

/** The member who writes the blog's posts under this username, if any. */
export function teamMemberByAuthor(username: string): TeamMember | undefined {
  return team.find((member) => member.author === username);
}

/** The member who takes the free consults, when the studio has named one. */
export function consultHost(): TeamMember | undefined {
  return team.find((member) => member.takesConsults);
}

/**
 * Whether everyone on the team is there because they write for the blog (and nobody takes the consults): the team is
 * then shown with the blog, as its writers, rather than on /about as the studio's people.
 */
export function teamHoldsOnlyWriters(): boolean {
  return team.every((member) => member.author !== undefined && !member.takesConsults);
}

/** The page that shows the team: /blog while it holds only writers, /about otherwise. */
export function teamPagePath(): '/about' | '/blog' {
  return teamHoldsOnlyWriters() ? '/blog' : '/about';
}

/** The team in the order a page lists it: whoever takes the consults first. */
export function teamInOrder(): readonly TeamMember[] {
  return [...team].sort((a, b) => Number(Boolean(b.takesConsults)) - Number(Boolean(a.takesConsults)));
}

/** Two letters for a member without a photo: "Sarah Mitchell" → "SM". */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return [words[0], words.length > 1 ? words.at(-1) : undefined]
    .map((word) => word?.charAt(0).toUpperCase() ?? '')
    .join('');
}
