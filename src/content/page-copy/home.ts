import { hero } from '../home.ts';
import type { PageCopy } from '../page-copy.ts';
import { claims } from '../offer.ts';

export const homeCopy = {
  title: 'Local Marketing Packages in Newcastle',
  description: `Fixed-price marketing packages for Newcastle businesses, with access to our ${claims.subscribers} subscriber local newsletter. Book a free ${claims.consult} consult today.`,
  heading: hero.title,
  intro: hero.subtitle,
} as const satisfies PageCopy;
