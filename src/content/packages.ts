import { claims, formatDuration, foundingOffer, planTerms } from './offer.ts';
import { formatPrice, foundingOfferOpenFor, foundingRegularPrice, planPriceText, priceRange } from './offer-prices.ts';
import { planTitles, type PlanId } from './plan-titles.ts';

export type { PlanId };

export interface Package {
  readonly planId: PlanId;
  readonly title: string;
  readonly tagline: string;
  readonly price: string;
  readonly priceNote: string;
  readonly regularPrice?: string;
  readonly terms?: string;
  readonly gst?: string;
  readonly timeline: string;
  /** Who the package suits, in a line, for the comparison under the home page's hero. */
  readonly audience?: string;
  readonly badge?: string;
  readonly outcome: string;
  readonly features: readonly string[];
  /** What the package's client gets in the studio's newsletter, one of its features: /newsletter lists these. */
  readonly newsletterFeature?: string;
  readonly popular: boolean;
  readonly ctaLabel: string;
}

/** The label of the package the site highlights (`popular`), on its card and in the comparison. */
export const popularLabel = 'Most popular';

/** The founding offer's label, before its sentence wherever the site announces it. */
export const foundingOfferLabel = 'Founding offer:';

/** The founding offer in a sentence, while it is open. */
export const foundingOfferText = foundingOffer.open
  ? `Our first ${foundingOffer.places} clients get the ${planTitles[foundingOffer.planId]} for ${formatPrice(foundingOffer.price)} instead of the regular ${formatPrice(foundingRegularPrice())} (both ${claims.gst}).`
  : undefined;

/** Each package's place in the studio's newsletter, as its feature and on /newsletter. */
const newsletterFeatures = {
  'visibility-boost': `A feature in our local email newsletter (${claims.subscribers} subscribers)`,
  'local-launch': 'A launch feature in our local email newsletter',
  growth: 'Regular placements in our local email newsletter',
} as const;

export const packages: readonly Package[] = [
  {
    planId: 'visibility-boost',
    title: planTitles['visibility-boost'],
    tagline: 'Get found this month',
    ...planPriceText('visibility-boost'),
    timeline: `Delivered in ${formatDuration(planTerms['visibility-boost'].timeline)}`,
    audience: 'For businesses locals cannot find online yet',
    outcome:
      'Locals searching for what you offer find an accurate, appealing listing and hear about you in their inbox.',
    features: [
      `A ${claims.strategyCall} strategy call to set your priorities`,
      'Google Business Profile audit and optimisation',
      'Refreshed business description, categories and photos',
      'Name, address and phone details checked across key local directories',
      newsletterFeatures['visibility-boost'],
      'A plain-English summary with your next steps',
    ],
    newsletterFeature: newsletterFeatures['visibility-boost'],
    popular: false,
    ctaLabel: 'Start with Visibility Boost',
  },
  {
    planId: 'local-launch',
    title: planTitles['local-launch'],
    tagline: 'Launch properly to your local market',
    ...planPriceText('local-launch'),
    timeline: `Delivered in ${formatDuration(planTerms['local-launch'].timeline)}`,
    audience: 'For new or relaunching businesses',
    ...(foundingOfferOpenFor('local-launch') ? { badge: `Founding rate – first ${foundingOffer.places} clients` } : {}),
    outcome:
      'Your business launches to Newcastle with a clear plan, a polished online presence and a newsletter audience already paying attention.',
    features: [
      'Everything in Visibility Boost',
      'A written local marketing plan from your strategy call',
      newsletterFeatures['local-launch'],
      'Facebook and Instagram profiles set up or refreshed',
      'A launch set of social posts, written and scheduled for you',
      'A launch offer designed to bring in first-time customers',
      'A simple review-request process to grow your Google reviews',
    ],
    newsletterFeature: newsletterFeatures['local-launch'],
    popular: true,
    ctaLabel: 'Start with Local Launch',
  },
  {
    planId: 'growth',
    title: planTitles['growth'],
    tagline: 'Keep the customers coming',
    ...planPriceText('growth'),
    timeline: `Results over ${formatDuration(planTerms.growth.timeline)}`,
    audience: 'For established businesses that want steady growth',
    outcome: `Consistent, month-on-month local marketing that builds awareness and enquiries over ${formatDuration(planTerms.growth.timeline)}.`,
    features: [
      newsletterFeatures.growth,
      'Social content written, designed and posted each month',
      'Ongoing Google Business Profile updates and review management',
      'A seasonal promotion or offer planned each quarter',
      "A monthly check-in call to set the next month's priorities",
      "A plain-English monthly report: what ran, what worked and what's next",
    ],
    newsletterFeature: newsletterFeatures.growth,
    popular: false,
    ctaLabel: 'Start with Growth Partner',
  },
];

export const addOns: readonly Package[] = [
  {
    planId: 'paid-ads',
    title: planTitles['paid-ads'],
    tagline: 'Reach more locals, faster',
    ...planPriceText('paid-ads'),
    timeline: 'Timeline agreed in your quote',
    outcome:
      'Targeted Google and Meta ads put your offer in front of nearby customers who are searching and scrolling right now.',
    features: [
      'Google Ads and Meta (Facebook and Instagram) campaign set-up',
      'Location targeting around your suburb or service area',
      'Ad copy and creative written for local customers',
      'Budget recommendations to suit your goals',
      'Ongoing monitoring and optimisation',
      'A plain-English monthly results report',
    ],
    popular: false,
    ctaLabel: 'Ask about paid ads',
  },
  {
    planId: 'additional-content',
    title: planTitles['additional-content'],
    tagline: 'More to say, more often',
    ...planPriceText('additional-content'),
    timeline: 'Timeline agreed in your quote',
    outcome: 'More fresh content in front of locals, without adding to your to-do list.',
    features: [
      'Extra social media posts, written and designed',
      'Blog articles written for local search',
      'Email content for your own customer list',
      'Website page copy that speaks to local customers',
      'Short-form video scripts and shot lists',
    ],
    popular: false,
    ctaLabel: 'Ask about extra content',
  },
  {
    planId: 'advanced-seo',
    title: planTitles['advanced-seo'],
    tagline: 'Rank for the searches that matter',
    ...planPriceText('advanced-seo'),
    timeline: 'Timeline agreed in your quote',
    outcome: 'Your website builds visibility for the local searches that bring in paying customers.',
    features: [
      'Keyword research for your suburbs and services',
      'Technical website audit with a prioritised fix list',
      'Location and service pages planned and written',
      'Local citation building and clean-up',
      'A comparison against your local competitors',
      'Monthly ranking and traffic reporting',
    ],
    popular: false,
    ctaLabel: 'Ask about advanced SEO',
  },
];

export const allPlans: readonly Package[] = [...packages, ...addOns];

export function findPlan(planId: string | null | undefined): Package | undefined {
  return allPlans.find((plan) => plan.planId === planId);
}

/**
 * A claim on the site only the studio can stand behind: `npm run check:launch` lists it to confirm until its id is
 * in src/content/confirmed-claims.ts.
 */
export interface ClaimToConfirm {
  readonly id: ClaimId;
  readonly claim: string;
}

export type ClaimId =
  | 'popular'
  | 'regular-price'
  | 'price-range'
  | 'newsletter'
  | 'newsletter-frequency'
  | 'founding-places'
  | 'start-time'
  | 'reply-time'
  | 'booking-after-hubspot';

/**
 * The claims of the offer to confirm: the highlighted package, the regular price the founding offer undercuts, the
 * price range in the structured data, the newsletter's figures and frequency, the founding offer's places while it is open, and
 * how soon work starts and a reply comes.
 */
export function claimsToConfirm(): ClaimToConfirm[] {
  const popular = packages.find((plan) => plan.popular);
  const undercut = packages.find((plan) => plan.regularPrice);
  const range = priceRange();
  return [
    ...(popular ? [{ id: 'popular', claim: `"${popularLabel}" on ${popular.title}` } as const] : []),
    ...(undercut
      ? [{ id: 'regular-price', claim: `"Regular price ${undercut.regularPrice}" on ${undercut.title}` } as const]
      : []),
    ...(range
      ? [{ id: 'price-range', claim: `the price range ${range} in the home page's structured data` } as const]
      : []),
    {
      id: 'newsletter',
      claim: `the newsletter's "${claims.subscribers} subscribers" and "${claims.openRate}" open rate`,
    },
    { id: 'newsletter-frequency', claim: `the newsletter coming "${claims.newsletterFrequency}"` },
    ...(foundingOffer.open
      ? [
          {
            id: 'founding-places',
            claim: `the founding offer's ${foundingOffer.places} places are all still open (set foundingOffer.open: false once they are taken)`,
          } as const,
        ]
      : []),
    { id: 'start-time', claim: `"work starts within ${claims.start}" of a confirmed package` },
    { id: 'reply-time', claim: `"we reply within ${claims.reply}" to every enquiry` },
  ];
}
