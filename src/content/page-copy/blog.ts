import type { PageCopy } from '../page-copy.ts';

export const blogCopy = {
  title: 'Blog',
  description:
    'Practical, plain-English marketing ideas for Newcastle business owners, from Google listings and social media to newsletters and seasonal promotions.',
  heading: 'Local marketing ideas',
  intro:
    'Practical, plain-English marketing ideas for local business owners, from Google listings and social media to newsletters and seasonal promotions.',
} as const satisfies PageCopy;
