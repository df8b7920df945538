import type { TeamMember } from '../../src/content/team.ts';

/**
 * One person, who takes the free consults and writes no posts: named beside every consult form, first on /about,
 * and no writer's byline links anywhere. Without a photo, shown by initials.
 */
export const team: readonly TeamMember[] = [
  {
    name: 'Alex Morgan',
    role: 'Founder and strategist',
    bio: 'Alex runs every free consult and plans each package with the client.',
    takesConsults: true,
  },
];
