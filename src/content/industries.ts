import type { IconName } from './icons.ts';

export interface Industry {
  readonly name: string;
  readonly description: string;
  readonly icon: IconName;
}

export const industries: readonly Industry[] = [
  {
    name: 'Professional services',
    description:
      'Accountants, lawyers, consultants and advisers who want more enquiries from the right local clients.',
    icon: 'briefcase',
  },
  {
    name: 'Fitness & wellness',
    description:
      'Gyms, studios and personal trainers looking to fill classes and sign up new members.',
    icon: 'dumbbell',
  },
  {
    name: 'Cafes & restaurants',
    description:
      'Cafes, restaurants and takeaways that want more regulars coming through the door.',
    icon: 'utensils',
  },
  {
    name: 'Trades & home services',
    description:
      'Plumbers, electricians, cleaners and builders who want more quality jobs booked nearby.',
    icon: 'wrench',
  },
  {
    name: 'Retail',
    description:
      'Independent shops and boutiques that want more foot traffic and repeat customers.',
    icon: 'shopping-bag',
  },
  {
    name: 'Deals & promotions',
    description:
      'Businesses running an offer, sale or new product that needs the right local eyes on it.',
    icon: 'tag',
  },
  {
    name: 'Events & bookings',
    description:
      'Venues, workshops and event organisers who need to fill dates, tables and seats.',
    icon: 'calendar',
  },
  {
    name: 'Health & personal services',
    description:
      'Sole traders in health, hair, beauty and personal care building a loyal local client base.',
    icon: 'user',
  },
];
