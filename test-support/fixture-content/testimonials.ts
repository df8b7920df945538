import type { Testimonial } from '../../src/content/testimonials.ts';

/** Three clients' words: one with every field, one with a result only, one with neither. */
export const testimonials: readonly Testimonial[] = [
  {
    quote: 'Our weekday lunches are busy again, and half the new faces say they read about us in the newsletter.',
    name: 'Mia Chen',
    business: 'Harbourside Espresso',
    suburb: 'Merewether',
    result: 'Weekday covers up a third in two months',
    photo: '/images/blog/cafe-counter-signup.webp',
  },
  {
    quote: 'We finally show up when people search for a plumber near them.',
    name: 'Tom Walsh',
    business: 'Walsh Plumbing',
    suburb: 'Lambton',
    result: 'Calls from Google doubled',
  },
  {
    quote: 'Clear prices, no jargon, and they did what they said they would.',
    name: 'Priya Nair',
    business: 'Flow Pilates',
    suburb: 'Hamilton',
  },
];
