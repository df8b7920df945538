import type { SectionCopy } from './sections.ts';

// The team's headings and the line beside the consult form, apart from the sections every page shares: only the
// pages that show the team carry them.

/** The team on /about, once it holds more than the blog's writers (someone who takes consults, say). */
export const teamSection = {
  eyebrow: 'Our team',
  title: 'Meet the team',
} as const satisfies SectionCopy;

/** The team on /blog while everyone on it writes for the blog and nobody else is named. */
export const writersSection = {
  eyebrow: 'Our writers',
  title: 'Who writes our guides',
} as const satisfies SectionCopy;

/** Beside every consult form, once the team names who takes the consults: "You'll talk to Jane Doe, Founder". */
export const consultHostLine = (name: string, role: string) => `You'll talk to ${name}, ${role}`;
