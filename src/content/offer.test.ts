import { describe, expect, test } from 'vitest';
import {
  claims,
  formatDuration,
  formatNumber,
  formatPercent,
  formatPrice,
  planLabel,
  planPriceSummary,
  planPriceText,
  priceRange,
} from './offer.ts';
import { planIds } from './plan-titles.ts';

describe('formatters', () => {
  test('prices are dollars with thousands separated by commas, cents only when there are some', () => {
    expect(formatPrice({ amount: 750, currency: 'AUD' })).toBe('$750');
    expect(formatPrice({ amount: 1500, currency: 'AUD' })).toBe('$1,500');
    expect(formatPrice({ amount: 1234567.5, currency: 'AUD' })).toBe('$1,234,567.50');
    expect(formatNumber(5000)).toBe('5,000');
  });

  test('durations read long, short or as an adjective', () => {
    expect(formatDuration({ amount: 48, unit: 'hour' })).toBe('48 hours');
    expect(formatDuration({ amount: 1, unit: 'hour' })).toBe('1 hour');
    expect(formatDuration({ amount: 48, unit: 'hour' }, 'short')).toBe('48 hrs');
    expect(formatDuration({ amount: 15, unit: 'minute' }, 'adjective')).toBe('15-minute');
    expect(formatDuration({ amount: 1, unit: 'business day' })).toBe('1 business day');
    expect(formatDuration({ amount: 2, unit: 'business day' }, 'adjective')).toBe('2-business-day');
    expect(formatDuration({ from: 3, to: 6, unit: 'month' })).toBe('3–6 months');
  });

  test('an open rate is a whole percentage', () => {
    expect(formatPercent(0.61)).toBe('61%');
    expect(formatPercent(0.605)).toBe('61%');
  });
});

describe('the offer as visitors read it', () => {
  test('the claims', () => {
    expect(claims).toEqual({
      subscribers: '5,000+',
      openRate: '61%',
      consult: '15-minute',
      strategyCall: '30-minute',
      reply: '1 business day',
      start: '48 hours',
      startShort: '48 hrs',
    });
  });

  test('each plan’s price, with the founding rate while it is open', () => {
    expect(planPriceText('visibility-boost')).toEqual({ price: '$750', priceNote: 'once-off' });
    expect(planPriceText('local-launch')).toEqual({
      price: '$1,500',
      priceNote: 'founding rate',
      regularPrice: '$3,000',
    });
    expect(planPriceText('growth')).toEqual({ price: '$997', priceNote: 'per month', terms: '3-month minimum' });
    expect(planPriceText('advanced-seo')).toEqual({ price: 'Custom pricing', priceNote: 'quoted to your goals' });
    expect(planPriceSummary('local-launch')).toBe('$1,500 founding rate, regular $3,000');
    expect(priceRange()).toBe('$750–$3,000');
  });

  test('staff read each plan with its price', () => {
    expect(planIds.map(planLabel)).toEqual([
      'Visibility Boost ($750 once-off)',
      'Local Launch Pack ($1,500 founding rate)',
      'Growth Partner ($997 per month, 3-month minimum)',
      'Paid Ads Management (custom pricing)',
      'Additional Content (custom pricing)',
      'Advanced SEO (custom pricing)',
    ]);
  });
});
