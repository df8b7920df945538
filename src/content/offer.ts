import type { PlanId } from './plan-titles.ts';

/**
 * What the studio sells and promises, as values: each plan's price and timeline, the founding offer, the
 * newsletter's figures and how fast the studio answers. Every page, FAQ answer, meta tag and structured-data block
 * writes its text from these, so a changed price or claim is one edit here. When the founding offer's places are
 * taken, set `foundingOffer.open` to false: every mention of it goes and the plan shows its regular price.
 */

export type Currency = 'AUD';

/** Every price's currency, and custom pricing's when it is quoted. */
export const currency: Currency = 'AUD';

export interface Money {
  readonly amount: number;
  readonly currency: Currency;
}

/** A fixed price, charged once or every month; a monthly plan is signed for a minimum number of months. */
export type Price =
  (Money & { readonly unit: 'once' }) | (Money & { readonly unit: 'month'; readonly minimumMonths: number });

export type TimeUnit = 'minute' | 'hour' | 'business day' | 'week' | 'month';

export interface Duration {
  readonly amount: number;
  readonly unit: TimeUnit;
}

export interface DurationRange {
  readonly from: number;
  readonly to: number;
  readonly unit: TimeUnit;
}

export interface PlanTerms {
  /** `'custom'`: quoted to the client's goals. */
  readonly price: Price | 'custom';
  /** The work is delivered within it or, for an ongoing plan, its results build over it; none: agreed in the quote. */
  readonly timeline?: Duration | DurationRange;
}

export const planTerms = {
  'visibility-boost': {
    price: { amount: 750, currency, unit: 'once' },
    timeline: { amount: 2, unit: 'week' },
  },
  'local-launch': {
    price: { amount: 3000, currency, unit: 'once' },
    timeline: { amount: 4, unit: 'week' },
  },
  growth: {
    price: { amount: 997, currency, unit: 'month', minimumMonths: 3 },
    timeline: { from: 3, to: 6, unit: 'month' },
  },
  'paid-ads': { price: 'custom' },
  'additional-content': { price: 'custom' },
  'advanced-seo': { price: 'custom' },
} as const satisfies Record<PlanId, PlanTerms>;

/** The plans with a fixed price: only these can be offered at a lower one. */
export type FixedPricePlanId = {
  [Id in PlanId]: (typeof planTerms)[Id]['price'] extends Price ? Id : never;
}[PlanId];

export interface FoundingOffer {
  readonly planId: FixedPricePlanId;
  /** Charged in the plan's unit, in place of its regular price. */
  readonly price: Money;
  /** How many clients get it. */
  readonly places: number;
  /** False once the places are taken: the plan is then sold, and shown, at its regular price only. */
  readonly open: boolean;
}

/**
 * Whether the prices above include GST. Every price the site shows says which ("inc. GST" or "ex. GST"), the FAQ
 * answers the question, and the structured data's offers state it, all from this one setting.
 */
export const pricesIncludeGst: boolean = true;

/**
 * The package a blog post ends with when neither the post (`plan:` in its front matter) nor its category names one:
 * every post ends with a package. `npm run content -- check` lists the posts and categories that rely on it.
 */
export const defaultPostPlan: PlanId = 'visibility-boost';

export const foundingOffer: FoundingOffer = {
  planId: 'local-launch',
  price: { amount: 1500, currency },
  places: 10,
  open: true,
};

export const newsletter = {
  /** At least this many: shown as "5,000+". */
  subscribers: 5000,
  /** The average share of subscribers who open an issue, about this much. */
  openRate: 0.61,
  /** An issue goes out once in this long: 2 weeks reads "fortnightly". */
  issueEvery: { amount: 2, unit: 'week' },
} as const satisfies { subscribers: number; openRate: number; issueEvery: Duration };

export const serviceTimes = {
  /** The free consult's length. */
  consult: { amount: 15, unit: 'minute' },
  /** The strategy call's length, once a client has signed. */
  strategyCall: { amount: 30, unit: 'minute' },
  /** The longest wait for a reply to an enquiry. */
  reply: { amount: 1, unit: 'business day' },
  /** The longest wait from a confirmed package to the work starting. */
  start: { amount: 48, unit: 'hour' },
} as const satisfies Record<string, Duration>;

const unitNames: Record<TimeUnit, { one: string; many: string; shortOne: string; shortMany: string }> = {
  minute: { one: 'minute', many: 'minutes', shortOne: 'min', shortMany: 'min' },
  hour: { one: 'hour', many: 'hours', shortOne: 'hr', shortMany: 'hrs' },
  'business day': { one: 'business day', many: 'business days', shortOne: 'business day', shortMany: 'business days' },
  week: { one: 'week', many: 'weeks', shortOne: 'wk', shortMany: 'wks' },
  month: { one: 'month', many: 'months', shortOne: 'mth', shortMany: 'mths' },
};

/**
 * 5000 → "5,000". Without Intl: the consult form's island imports this module, and a browser's first Intl formatter
 * loads its locale data on the main thread (docs/performance.md).
 */
export function formatNumber(value: number): string {
  const [whole = '', cents] = (Number.isInteger(value) ? String(value) : value.toFixed(2)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return cents === undefined ? grouped : `${grouped}.${cents}`;
}

/** A figure the studio claims at least: 5000 → "5,000+". */
export function formatAtLeast(value: number): string {
  return `${formatNumber(value)}+`;
}

/** 0.61 → "61%". */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/**
 * `long`: "48 hours", "3–6 months"; `short`: "48 hrs"; `adjective`, before a noun: "15-minute", "3-month".
 */
export function formatDuration(
  duration: Duration | DurationRange,
  form: 'long' | 'short' | 'adjective' = 'long',
): string {
  const names = unitNames[duration.unit];
  const [amount, one] =
    'amount' in duration
      ? [String(duration.amount), duration.amount === 1]
      : [`${duration.from}–${duration.to}`, false];
  if (form === 'adjective') return `${amount}-${names.one.replace(/ /g, '-')}`;
  if (form === 'short') return `${amount} ${one ? names.shortOne : names.shortMany}`;
  return `${amount} ${one ? names.one : names.many}`;
}

/** How often something comes: 1 week → "weekly", 2 weeks → "fortnightly", 1 month → "monthly", else "every 3 weeks". */
export function formatFrequency(every: Duration): string {
  if (every.amount === 1 && (every.unit === 'week' || every.unit === 'month')) return `${every.unit}ly`;
  if (every.amount === 2 && every.unit === 'week') return 'fortnightly';
  return `every ${formatDuration(every)}`;
}

/** The facts as visitors read them, ready for copy: `We reply within ${claims.reply}`. */
export const claims = {
  subscribers: formatAtLeast(newsletter.subscribers),
  openRate: formatPercent(newsletter.openRate),
  /** How often an issue comes: "fortnightly". */
  newsletterFrequency: formatFrequency(newsletter.issueEvery),
  consult: formatDuration(serviceTimes.consult, 'adjective'),
  strategyCall: formatDuration(serviceTimes.strategyCall, 'adjective'),
  reply: formatDuration(serviceTimes.reply),
  start: formatDuration(serviceTimes.start),
  startShort: formatDuration(serviceTimes.start, 'short'),
  /** Beside every price: "inc. GST" or "ex. GST". */
  gst: pricesIncludeGst ? 'inc. GST' : 'ex. GST',
} as const;
