import { hero } from '../home.ts';
import type { PageCopy } from '../page-copy.ts';

export const homeCopy = {
  title: 'Local Marketing Packages in Newcastle',
  description:
    'Fixed-price marketing packages for Newcastle businesses, with access to our 5,000+ subscriber local newsletter. Book a free 15-minute consult today.',
  heading: hero.title,
  intro: hero.subtitle,
} as const satisfies PageCopy;
