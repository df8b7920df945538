import { claims } from './offer.ts';

export const hero = {
  eyebrow: 'Newcastle, NSW',
  title: 'Fixed-price marketing that brings Newcastle locals to your door',
  subtitle: `Clear, fixed-price packages for local businesses, with access to our local email newsletter and its ${claims.subscribers} subscribers. When you're ready, work starts within ${claims.start}.`,
} as const;

export const localAdvantage = {
  eyebrow: 'Why local media',
  title: 'The local media advantage',
  intro:
    'Ads can buy attention. We also bring a local audience that already opens our emails, and your business gets in front of it.',
  points: [
    {
      title: 'A built-in local audience',
      description: `Our email newsletter reaches ${claims.subscribers} local subscribers, so your business is seen by people who live and spend nearby.`,
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
} as const;

export const audience = {
  title: 'A local audience that actually reads',
  intro: `Our newsletter reaches ${claims.subscribers} local subscribers and about ${claims.openRate} of them open it, so your business lands in front of people who are paying attention.`,
  stats: [
    { value: claims.subscribers, label: 'local subscribers' },
    { value: claims.openRate, label: 'average open rate' },
    { value: claims.startShort, label: 'to get started' },
  ],
} as const;

export const trustPoints = [
  `Free ${claims.consult} consult`,
  `Reply within ${claims.reply}`,
  `Work starts within ${claims.start}`,
] as const satisfies readonly string[];
