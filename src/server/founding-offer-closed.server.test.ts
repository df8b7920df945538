import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { pagesWithPrices } from '../../test-support/prices.ts';
import { createTestApp, readPage } from '../../test-support/server.ts';

// The one edit that closes the offer, made before any page's copy is written from it: the pages below render as
// they would once the studio has set `foundingOffer.open = false`.
vi.mock('../content/offer.ts', async (importOriginal) => {
  const offer = await importOriginal<typeof import('../content/offer.ts')>();
  Object.assign(offer.foundingOffer, { open: false });
  return offer;
});

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const launchCard = (html: string) => /<article[^>]*data-plan="local-launch"[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';

const pages = [...pagesWithPrices, '/blog', '/blog/post-1', '/thank-you', '/privacy'];

describe('once the founding offer is closed', () => {
  test.each(pages)('%s mentions no founding rate: not in its text, meta tags or structured data', async (path) => {
    const { html } = await readPage(testApp.app, path);
    expect(html).not.toMatch(/founding/i);
    expect(html).not.toContain('$1,500');
    expect(html).not.toContain('first 10');
  });

  test('the Local Launch Pack shows its regular price, once-off, with no price struck through', async () => {
    for (const path of ['/', '/services']) {
      const card = launchCard((await readPage(testApp.app, path)).html);
      expect(card).toMatch(/\$3,000<\/span>.*once-off<\/span>/);
      expect(card).not.toMatch(/<s[\s>]|Regular price/);
    }
    expect((await readPage(testApp.app, '/start-project?plan=local-launch')).text).toContain(
      'Local Launch Pack · $3,000 once-off inc. GST',
    );
    expect((await readPage(testApp.app, '/services')).description).toBe(
      'Compare our fixed-price local marketing packages: Visibility Boost $750, Local Launch Pack $3,000 and Growth Partner $997 per month, all inc. GST.',
    );
  });

  test('/faq drops the founding question; its answers and description follow', async () => {
    const { text, description, jsonLd } = await readPage(testApp.app, '/faq');
    expect(text).toContain('The Local Launch Pack ($3,000 once-off inc. GST, delivered in 4 weeks)');
    expect(description).toContain('pricing, contracts');
    const questions = jsonLd.find((item) => item['@type'] === 'FAQPage')?.mainEntity as { name: string }[];
    expect(questions).toHaveLength(10);
    expect((await readPage(testApp.app, '/')).text).toContain('See all 10 questions');
  });

  test('the structured data offers the Local Launch Pack at its regular price', async () => {
    const { jsonLd } = await readPage(testApp.app, '/');
    const studio = jsonLd.find((item) => item['@type'] === 'ProfessionalService') as {
      priceRange: string;
      makesOffer: Array<{ name: string; price?: number }>;
    };
    expect(studio.priceRange).toBe('$750–$3,000');
    expect(studio.makesOffer.map((offer) => [offer.name, offer.price ?? null])).toEqual([
      ['Visibility Boost', 750],
      ['Local Launch Pack', 3000],
      ['Growth Partner', 997],
      ['Paid Ads Management', null],
      ['Additional Content', null],
      ['Advanced SEO', null],
    ]);
  });
});
