import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PlanId } from '../content/plan-titles.ts';
import { createTestApp, readPage } from '../../test-support/server.ts';
import { pagesWithPrices, sentencesWithPrices } from '../../test-support/prices.ts';

// Its twin, prices-ex-gst.server.test.ts, renders the same pages with `pricesIncludeGst` set to false.

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('every price says whether GST is included', () => {
  test.each(pagesWithPrices)('%s: each sentence with a price says "inc. GST"', async (path) => {
    const page = await readPage(testApp.app, path);
    const sentences = sentencesWithPrices(page);
    for (const sentence of sentences) expect(sentence).toContain('inc. GST');
    expect(sentences.join(' ')).not.toContain('ex. GST');
  });

  test('the pages above show prices: the check has something to check', async () => {
    const { text } = await readPage(testApp.app, '/services');
    expect(sentencesWithPrices({ text, description: '', jsonLd: [] }).length).toBeGreaterThan(3);
  });

  test('each package card states it beside its price', async () => {
    const { html } = await readPage(testApp.app, '/services');
    for (const planId of ['visibility-boost', 'local-launch', 'growth'] satisfies PlanId[]) {
      const card = new RegExp(`<article[^>]*data-plan="${planId}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
      expect(card, planId).toMatch(/<\/span><\/p><p[^>]*>inc\. GST<\/p>/);
    }
  });

  test('the FAQ answers it, and the structured data says so for every fixed price', async () => {
    const { text } = await readPage(testApp.app, '/faq');
    expect(text).toContain(
      'Do your prices include GST? Yes. Every price on our site includes GST, so the price you see is the price you pay.',
    );
    const { jsonLd } = await readPage(testApp.app, '/');
    const studio = jsonLd.find((item) => item['@type'] === 'ProfessionalService') as {
      makesOffer: { name: string; price?: number; priceSpecification?: { valueAddedTaxIncluded: boolean } }[];
    };
    const fixed = studio.makesOffer.filter((offer) => offer.price !== undefined);
    expect(fixed.map((offer) => offer.name)).toEqual(['Visibility Boost', 'Local Launch Pack', 'Growth Partner']);
    for (const offer of fixed) expect(offer.priceSpecification?.valueAddedTaxIncluded, offer.name).toBe(true);
  });
});
