import type { TeamMember } from '../src/content/team.ts';
import type { Testimonial } from '../src/content/testimonials.ts';

/**
 * A studio that has filled in its people, for tests that mock src/content/team.ts and testimonials.ts: someone who
 * takes the consults (without a photo: shown by initials), the blog's two writers, and two clients' words.
 */
export const consultHost: TeamMember = {
  name: 'Jane Doe',
  role: 'Founder and strategist',
  bio: 'Jane started the studio and runs every free consult.',
  takesConsults: true,
};

export const teamWithHost: readonly TeamMember[] = [
  {
    name: 'Sarah Mitchell',
    role: 'Blog writer',
    bio: 'Sarah writes our guides to email marketing.',
    author: 'sarah-mitchell',
  },
  consultHost,
  { name: 'James Nguyen', role: 'Blog writer', bio: 'James writes our guides to local SEO.', author: 'james-nguyen' },
];

export const twoTestimonials: readonly Testimonial[] = [
  {
    quote: 'Our weekday lunches are busy again, and half the new faces say they read about us in the newsletter.',
    name: 'Mia Chen',
    business: 'Harbourside Espresso',
    suburb: 'Merewether',
    result: 'Weekday covers up a third in two months',
  },
  {
    quote: 'We finally show up when people search for a plumber near them.',
    name: 'Tom Walsh',
    business: 'Walsh Plumbing',
    suburb: 'Lambton',
  },
];
