import { foundingOffer, planTerms } from '../../content/offer.ts';
import { planIds, planTitles, type PlanId } from '../../content/plan-titles.ts';

/** Each amount the offer charges (regular and founding prices), and the plans that charge it. */
function offerAmounts(): Map<number, PlanId[]> {
  const amounts = new Map<number, PlanId[]>();
  const add = (amount: number, planId: PlanId) => amounts.set(amount, [...(amounts.get(amount) ?? []), planId]);
  for (const planId of planIds) {
    const { price } = planTerms[planId];
    if (price !== 'custom') add(price.amount, planId);
  }
  add(foundingOffer.price.amount, foundingOffer.planId);
  return amounts;
}

/** A sum of dollars as people type it: a dollar sign or AUD, digits with or without thousands commas and cents. */
const dollars = /(?:A?\$|\bAUD)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d\d)?(?![\d,]*\d)/g;

/**
 * A package's price typed into a post's markdown: one line for each, saying what to do instead. A typed price
 * drifts from the offer (and says nothing of GST); the post should name its package (`plan:`), whose card shows
 * the price from src/content/offer.ts. Any of the offer's amounts as dollars counts: a sum that only happens to be
 * one of them is worth a look too.
 */
export function typedPrices(markdown: string): string[] {
  const amounts = offerAmounts();
  const warnings: string[] = [];
  for (const match of markdown.matchAll(dollars)) {
    const plans = amounts.get(Number((match[1] ?? '').replace(/,/g, '')));
    if (!plans) continue;
    const named = plans.map((planId) => planTitles[planId]).join(' or ');
    warnings.push(
      `the post types the price "${match[0]}" (the ${named}'s): a typed price goes stale and says nothing of GST; remove it and name the package in the front matter (plan: ${plans[0]}), whose card shows its current price`,
    );
  }
  return warnings;
}
