import type { IconName } from './icons.ts';

export interface Industry {
  readonly name: string;
  readonly icon: IconName;
}

export const industries: readonly Industry[] = [
  {
    name: 'Professional services',
    icon: 'briefcase',
  },
  {
    name: 'Fitness & wellness',
    icon: 'dumbbell',
  },
  {
    name: 'Cafes & restaurants',
    icon: 'utensils',
  },
  {
    name: 'Trades & home services',
    icon: 'wrench',
  },
  {
    name: 'Retail',
    icon: 'shopping-bag',
  },
  {
    name: 'Deals & promotions',
    icon: 'tag',
  },
  {
    name: 'Events & bookings',
    icon: 'calendar',
  },
  {
    name: 'Health & personal services',
    icon: 'user',
  },
];
