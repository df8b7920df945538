import type { TeamMember } from '../../src/content/team.ts';

/** No one: the site shows no team section, and no byline links to one. */
export const team: readonly TeamMember[] = [];
