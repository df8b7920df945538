import type { IconName } from './icons.ts';
import type { SectionCopy } from './sections.ts';

export interface HomeHero {
  readonly eyebrow: string;
  readonly title: string;
  readonly subtitle: string;
}

export interface FeaturePoint {
  readonly title: string;
  readonly description: string;
  readonly icon: IconName;
}

export interface LocalAdvantage extends SectionCopy {
  readonly points: readonly FeaturePoint[];
}

export interface Stat {
  readonly value: string;
  readonly label: string;
}

export interface Audience {
  readonly title: string;
  readonly intro: string;
  readonly stats: readonly Stat[];
}

export const hero = {
  eyebrow: 'Newcastle, NSW',
  title: 'Fixed-price marketing that brings Newcastle locals to your door',
  subtitle:
    "Clear, fixed-price packages for local businesses, with access to our local email newsletter and its 5,000+ subscribers. When you're ready, work starts within 48 hours.",
} as const satisfies HomeHero;

export const localAdvantage = {
  eyebrow: 'Why local media',
  title: 'The local media advantage',
  intro:
    'Ads can buy attention. We also bring a local audience that already opens our emails, and your business gets in front of it.',
  points: [
    {
      title: 'A built-in local audience',
      description:
        'Our email newsletter reaches 5,000+ local subscribers, so your business is seen by people who live and spend nearby.',
      icon: 'mail',
    },
    {
      title: 'Marketing made for Newcastle',
      description:
        'We know the suburbs, the seasons and what gets locals talking, so your message sounds like it belongs here.',
      icon: 'map-pin',
    },
    {
      title: 'Introduced by a trusted source',
      description:
        'A newsletter feature introduces your business through a source readers already know, which lands better than a cold ad.',
      icon: 'users',
    },
  ],
} as const satisfies LocalAdvantage;

export const audience = {
  title: 'A local audience that actually reads',
  intro:
    'Our newsletter reaches 5,000+ local subscribers and about 61% of them open it, so your business lands in front of people who are paying attention.',
  stats: [
    { value: '5,000+', label: 'local subscribers' },
    { value: '61%', label: 'average open rate' },
    { value: '48 hrs', label: 'to get started' },
  ],
} as const satisfies Audience;

export const trustPoints = [
  'Free 15-minute consult',
  'Reply within 1 business day',
  'Work starts within 48 hours',
] as const satisfies readonly string[];
