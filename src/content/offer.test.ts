import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { claims, formatDuration, formatNumber, formatPercent } from './offer.ts';
import { formatPrice, planPriceSummary, planPriceText, priceRange } from './offer-prices.ts';

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
      newsletterFrequency: 'fortnightly',
      consult: '15-minute',
      strategyCall: '30-minute',
      reply: '1 business day',
      start: '48 hours',
      startShort: '48 hrs',
      gst: 'inc. GST',
    });
  });

  test('each plan’s price, with the founding rate while it is open', () => {
    expect(planPriceText('visibility-boost')).toEqual({ price: '$750', priceNote: 'once-off', gst: 'inc. GST' });
    expect(planPriceText('local-launch')).toEqual({
      price: '$1,500',
      priceNote: 'founding rate',
      regularPrice: '$3,000',
      gst: 'inc. GST',
    });
    expect(planPriceText('growth')).toEqual({
      price: '$997',
      priceNote: 'per month',
      terms: '3-month minimum',
      gst: 'inc. GST',
    });
    expect(planPriceText('advanced-seo')).toEqual({ price: 'Custom pricing', priceNote: 'quoted to your goals' });
    expect(planPriceSummary('local-launch')).toBe('$1,500 founding rate, regular $3,000 inc. GST');
    expect(priceRange()).toBe('$750–$3,000');
  });
});

describe('one place for prices and claims', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const offerModule = path.join('src', 'content', 'offer.ts');

  /** Every TypeScript source of the site, its server and its scripts, but tests. */
  function sources(): string[] {
    const under = (directory: string) =>
      readdirSync(path.join(root, directory), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.join(directory, file),
      );
    return ['server.ts', ...under('src'), ...under('scripts')].filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== offerModule,
    );
  }

  const spellings: Record<string, RegExp> = {
    'a price': /\$\d{1,3}(,\d{3})+|\$\d{3,}/,
    // 5,000 characters is the enquiry message's length limit, not the newsletter's audience.
    'the subscribers': /\b5,000(?! characters)|\b5000\+/,
    'the open rate': /\b61 ?(%|per ?cent)/i,
    'a call’s length': /\b(15|30)[- ]min/i,
    'the reply time': /\b(1|one) business day/i,
    'the start': /\b48 ?(hours|hrs)\b/i,
    'a delivery time': /\b(2|4|two|four) weeks\b/i,
    'the results’ time': /\b(3|three) ?([-–—]|to) ?(6|six) months\b/i,
    'the minimum term': /\b(3|three)[- ]month\b/i,
    'the founding places': /\bfirst (10|ten) clients\b|\b(10|ten) (spots|places)\b/i,
    'the GST label': /\b(inc|incl|ex|excl)\.? GST\b/i,
  };

  test('no source but the offer module spells a price, a founding place or a claim', () => {
    const files = sources();
    expect(files).toContain(path.join('src', 'components', 'Footer.tsx'));
    const found = files.flatMap((file) => {
      // JSX wraps text across lines: a claim split by a line break is still a claim.
      const text = readFileSync(path.join(root, file), 'utf8').replace(/\s+/g, ' ');
      return Object.entries(spellings).flatMap(([what, pattern]) => {
        const match = pattern.exec(text);
        return match ? [`${file}: ${what} (${match[0]})`] : [];
      });
    });
    expect(found).toEqual([]);
  });

  test('the patterns find what they guard against', () => {
    const samples = [
      '$750',
      '$1,500',
      '5,000+',
      'about 61%',
      'free 15-minute consult',
      '30 minute call',
      'within 1 business day',
      'within 48\n hours',
      '48 hrs',
      'in 2 weeks',
      '3–6 months',
      '3-6 months',
      '3-month minimum',
      'first 10 clients',
      'inc. GST',
      'excl GST',
    ];
    for (const sample of samples) {
      const text = sample.replace(/\s+/g, ' ');
      expect(
        Object.values(spellings).some((pattern) => pattern.test(text)),
        sample,
      ).toBe(true);
    }
    expect(Object.values(spellings).some((pattern) => pattern.test('must be 5,000 characters or fewer'))).toBe(false);
  });
});
