/**
 * What the plans cost, as text: the card's price, a sentence, the JSON-LD range. Derived from the offer's data in
 * offer.ts each time they are called, not once as this module loads, so copy follows `foundingOffer.open` as it stands.
 */
import { planIds, type PlanId } from './plan-titles.ts';
import {
  claims,
  formatDuration,
  formatNumber,
  foundingOffer,
  planTerms,
  type Currency,
  type Money,
  type Price,
} from './offer.ts';

const currencySymbols: Record<Currency, string> = { AUD: '$' };

/** A sum in its currency, with thousands separated: `{ amount, currency }` → the currency's symbol and the amount with thousands separated. */
export function formatPrice(money: Money): string {
  return `${currencySymbols[money.currency]}${formatNumber(money.amount)}`;
}

/** A monthly plan's minimum term: 12 → "12-month minimum". */
export function formatMinimumTerm(months: number): string {
  return `${formatDuration({ amount: months, unit: 'month' }, 'adjective')} minimum`;
}

export function foundingOfferOpenFor(planId: PlanId): boolean {
  return foundingOffer.open && foundingOffer.planId === planId;
}

/** What a client signing today pays: the founding price while the offer is open. */
export function currentPrice(planId: PlanId): Price | 'custom' {
  const { price } = planTerms[planId];
  return price !== 'custom' && foundingOfferOpenFor(planId) ? { ...price, ...foundingOffer.price } : price;
}

/** The founding plan's regular price, which the founding price undercuts. */
export function foundingRegularPrice(): Price {
  return planTerms[foundingOffer.planId].price;
}

export interface PriceText {
  /** The price in its currency, or "Custom pricing". */
  readonly price: string;
  /** "once-off", "per month", "founding rate" or "quoted to your goals". */
  readonly priceNote: string;
  /** While the founding offer is open, the regular price it undercuts. */
  readonly regularPrice?: string;
  /** A monthly plan's minimum term ("12-month minimum"). */
  readonly terms?: string;
  /** Whether a fixed price includes GST, in the words of `claims.gst`. */
  readonly gst?: string;
}

/** A plan's price as its card shows it. */
export function planPriceText(planId: PlanId): PriceText {
  const price = currentPrice(planId);
  if (price === 'custom') return { price: 'Custom pricing', priceNote: 'quoted to your goals' };
  const regular = planTerms[planId].price;
  return {
    price: formatPrice(price),
    priceNote: foundingOfferOpenFor(planId) ? 'founding rate' : price.unit === 'once' ? 'once-off' : 'per month',
    ...(foundingOfferOpenFor(planId) && regular !== 'custom' ? { regularPrice: formatPrice(regular) } : {}),
    ...(price.unit === 'month' ? { terms: formatMinimumTerm(price.minimumMonths) } : {}),
    gst: claims.gst,
  };
}

/**
 * A plan's price in a sentence, followed by whether it includes GST: "<price> once-off <GST>", "<price> founding
 * rate, regular <price> <GST>", "<price> per month <GST>".
 */
export function planPriceSummary(planId: PlanId): string {
  if (planTerms[planId].price === 'custom') return 'custom pricing';
  const text = planPriceText(planId);
  return `${text.price} ${text.priceNote}${text.regularPrice ? `, regular ${text.regularPrice}` : ''} ${claims.gst}`;
}

/** The lowest and highest fixed prices, regular and founding, whatever their unit: "<lowest>–<highest>". */
export function priceRange(): string | undefined {
  const prices = planIds
    .flatMap((planId) => [currentPrice(planId), planTerms[planId].price])
    .filter((price) => price !== 'custom')
    .sort((a, b) => a.amount - b.amount);
  const [lowest, highest] = [prices[0], prices.at(-1)];
  return lowest && highest && `${formatPrice(lowest)}–${formatPrice(highest)}`;
}
