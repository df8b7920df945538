import type { IconName } from './icons.ts';
import { claims } from './offer.ts';

export interface Step {
  readonly number: number;
  readonly title: string;
  readonly description: string;
  readonly icon: IconName;
}

export const steps: readonly Step[] = [
  {
    number: 1,
    title: `Book your free ${claims.consult} consult`,
    description:
      "Pick a time that suits you and tell us about your business. We'll work out together whether we're a good fit and which package makes sense.",
    icon: 'calendar',
  },
  {
    number: 2,
    title: `Plan it on a ${claims.strategyCall} strategy call`,
    description:
      "Once you're on board, we dig into your customers, competitors and goals, then map out exactly what we'll deliver and when.",
    icon: 'message-circle',
  },
  {
    number: 3,
    title: `We start within ${claims.start}`,
    description: `We get to work within ${claims.start}, building your listings, content and newsletter feature, then launching on the agreed timeline.`,
    icon: 'megaphone',
  },
  {
    number: 4,
    title: 'Report and grow',
    description:
      'You get a plain-English report on what ran and how it performed, plus clear next steps to keep the momentum going.',
    icon: 'bar-chart',
  },
];
