import type { IconName } from './icons.ts';
import { claims } from './offer.ts';
import { planPriceText } from './offer-prices.ts';

export interface Reason {
  readonly title: string;
  readonly description: string;
  readonly icon: IconName;
}

export const story = {
  eyebrow: 'About us',
  title: 'A Newcastle studio for Newcastle businesses',
  paragraphs: [
    "We're a small marketing studio based in Newcastle, NSW, working with the cafes, trades, shops, gyms and professional practices that keep our suburbs busy. We know the area because it's ours too.",
    "We use fixed prices because local business owners deserve to know what they're paying for before they start. Every package has a clear scope, a set price and a delivery timeline, so there are no surprise invoices.",
    `We also run a local email newsletter with ${claims.subscribers} subscribers and an open rate of about ${claims.openRate}. That built-in audience means your marketing doesn't start from zero: your business is introduced to locals who are already reading.`,
  ],
} as const;

export const aboutSections = {
  storyHeading: 'Our story',
  reasons: { eyebrow: 'Why work with us', title: 'Three reasons local businesses choose us' },
} as const;

export const reasons = [
  {
    title: 'Fixed, upfront prices',
    description: `Packages start at ${planPriceText('visibility-boost').price} ${planPriceText('visibility-boost').priceNote}, and ongoing monthly work is ${planPriceText('growth').price} ${planPriceText('growth').priceNote} (prices ${claims.gst}). You know the price and what's included before we start.`,
    icon: 'tag',
  },
  {
    title: 'A built-in local audience',
    description: `Our packages put your business in front of the ${claims.subscribers} subscribers who read our local newsletter.`,
    icon: 'mail',
  },
  {
    title: 'Fast, responsive service',
    description: `We reply within ${claims.reply} and work starts within ${claims.start} of you confirming your package.`,
    icon: 'clock',
  },
] as const satisfies readonly [Reason, Reason, Reason];
