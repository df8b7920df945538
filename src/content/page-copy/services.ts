import type { PageCopy } from '../page-copy.ts';
import { claims } from '../offer.ts';
import { foundingOfferOpenFor, planPriceText } from '../offer-prices.ts';

const boost = planPriceText('visibility-boost');
const launch = planPriceText('local-launch');
const growth = planPriceText('growth');

export const servicesCopy = {
  title: 'Services',
  description: `Compare our fixed-price local marketing packages: Visibility Boost ${boost.price}, Local Launch Pack ${launch.price}${foundingOfferOpenFor('local-launch') ? ` ${launch.priceNote}` : ''} and Growth Partner ${growth.price} ${growth.priceNote}, all ${claims.gst}.`,
  heading: 'Fixed-price marketing packages',
  intro:
    'Choose a once-off package or an ongoing partnership, then add paid ads, extra content or advanced SEO when you need them. Every price is clear before we start.',
} as const satisfies PageCopy;
