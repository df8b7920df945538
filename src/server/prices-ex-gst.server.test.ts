import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, readPage } from '../../test-support/server.ts';
import { pagesWithPrices, sentencesWithPrices } from '../../test-support/prices.ts';

// The one edit a studio that quotes prices without GST makes, before any page's copy is written from it:
// `pricesIncludeGst = false`, and with it the label offer.ts derives for every price.
vi.mock('../content/offer.ts', async (importOriginal) => {
  const offer = await importOriginal<typeof import('../content/offer.ts')>();
  return { ...offer, pricesIncludeGst: false, claims: { ...offer.claims, gst: 'ex. GST' } };
});

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('with prices set to exclude GST', () => {
  test.each(pagesWithPrices)('%s: each sentence with a price says "ex. GST", none "inc. GST"', async (path) => {
    const sentences = sentencesWithPrices(await readPage(testApp.app, path));
    for (const sentence of sentences) expect(sentence).toContain('ex. GST');
    expect(sentences.join(' ')).not.toContain('inc. GST');
  });

  test('the FAQ says GST is added, and the structured data says the prices exclude it', async () => {
    expect((await readPage(testApp.app, '/faq')).text).toContain(
      'Do your prices include GST? No. Every price on our site is shown without GST, which is added to your invoice.',
    );
    const { jsonLd } = await readPage(testApp.app, '/');
    const studio = jsonLd.find((item) => item['@type'] === 'ProfessionalService') as {
      makesOffer: { price?: number; priceSpecification?: { valueAddedTaxIncluded: boolean } }[];
    };
    const fixed = studio.makesOffer.filter((offer) => offer.price !== undefined);
    expect(fixed.map((offer) => offer.priceSpecification?.valueAddedTaxIncluded)).toEqual([false, false, false]);
  });
});
