import type { PageCopy } from '../page-copy.ts';

export const servicesCopy = {
  title: 'Services',
  description:
    'Compare our fixed-price local marketing packages: Visibility Boost $750, Local Launch Pack $1,500 founding rate and Growth Partner $997 per month.',
  heading: 'Fixed-price marketing packages',
  intro:
    'Choose a once-off package or an ongoing partnership, then add paid ads, extra content or advanced SEO when you need them. Every price is clear before we start.',
} as const satisfies PageCopy;
