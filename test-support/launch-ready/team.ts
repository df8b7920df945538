import type { TeamMember } from '../../src/content/team.ts';

/** A studio that has named who takes its consults, with photos for everyone. */
export const team: readonly TeamMember[] = [
  {
    name: 'Jane Doe',
    role: 'Founder and strategist',
    bio: 'Jane started the studio after ten years of marketing for Hunter businesses.',
    photo: '/images/blog/cafe-counter-signup.webp',
    takesConsults: true,
  },
];
