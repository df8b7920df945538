import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, readPage } from '../../test-support/server.ts';

// Its twin, founding-offer-closed.server.test.ts, renders the same pages once the offer has closed.

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const launchCard = (html: string) => /<article[^>]*data-plan="local-launch"[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';

describe('while the founding offer is open', () => {
  test('the home page and /services announce it, and the Local Launch Pack shows both prices', async () => {
    for (const path of ['/', '/services']) {
      const { html, text } = await readPage(testApp.app, path);
      expect(text).toContain(
        'Founding offer: Our first 10 clients get the Local Launch Pack for $1,500 instead of the regular $3,000 (both inc. GST).',
      );
      expect(launchCard(html)).toMatch(/\$1,500<\/span>.*founding rate<\/span>/);
      expect(launchCard(html)).toContain('Regular price <s class="font-semibold">$3,000</s>');
      expect(launchCard(html)).toContain('Founding rate – first 10 clients');
    }
    expect((await readPage(testApp.app, '/services')).description).toBe(
      'Compare our fixed-price local marketing packages: Visibility Boost $750, Local Launch Pack $1,500 founding rate and Growth Partner $997 per month, all inc. GST.',
    );
  });

  test('/faq answers what the founding rate is, and its description names it', async () => {
    const { text, description, jsonLd } = await readPage(testApp.app, '/faq');
    expect(text).toContain('What is the founding rate?');
    expect(text).toContain(
      'The Local Launch Pack ($1,500 founding rate, regular $3,000 inc. GST, delivered in 4 weeks)',
    );
    expect(description).toContain('pricing, the founding rate, contracts');
    const questions = jsonLd.find((item) => item['@type'] === 'FAQPage')?.mainEntity as { name: string }[];
    expect(questions.map((question) => question.name)).toContain('What is the founding rate?');
  });

  test('/start-project names the Local Launch Pack at its founding rate', async () => {
    const { text } = await readPage(testApp.app, '/start-project?plan=local-launch');
    expect(text).toContain('Local Launch Pack · $1,500 founding rate inc. GST');
  });

  test('the structured data offers numeric AUD prices: the founding one, and Growth Partner per month', async () => {
    const { jsonLd } = await readPage(testApp.app, '/');
    const studio = jsonLd.find((item) => item['@type'] === 'ProfessionalService') as {
      priceRange: string;
      makesOffer: Array<{ name: string; price?: number; priceCurrency: string; priceSpecification?: unknown }>;
    };
    expect(studio.priceRange).toBe('$750–$3,000');
    expect(studio.makesOffer.find((offer) => offer.name === 'Local Launch Pack')).toMatchObject({
      price: 1500,
      priceCurrency: 'AUD',
    });
    expect(studio.makesOffer.find((offer) => offer.name === 'Growth Partner')).toMatchObject({
      price: 997,
      priceCurrency: 'AUD',
      priceSpecification: { '@type': 'UnitPriceSpecification', price: 997, priceCurrency: 'AUD', unitCode: 'MON' },
    });
  });
});
