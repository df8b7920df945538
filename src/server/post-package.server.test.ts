import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planPriceText } from '../content/offer-prices.ts';
import { planTitles } from '../content/plan-titles.ts';
import type { StoreData } from '../lib/store-schema.ts';
import { typedPrices } from './content/typed-prices.server.ts';
import { createTestApp, readPage, testPost, type TestApp } from '../../test-support/server.ts';

// A post that names its package ends with that package's card and a link that chooses it on the form; a category
// may name a default for its posts; a post with neither ends with the general call to action.
const data: StoreData = {
  categories: [
    { id: 1, name: 'Local SEO', slug: 'local-seo', plan: 'visibility-boost' },
    { id: 2, name: 'Paid Ads', slug: 'paid-ads', plan: 'paid-ads' },
    { id: 3, name: 'Email Marketing', slug: 'email-marketing' },
  ],
  posts: [
    testPost({ id: 1, slug: 'own-plan', categoryId: 3, plan: 'growth' }),
    testPost({ id: 2, slug: 'category-plan', categoryId: 1 }),
    testPost({ id: 3, slug: 'own-over-category', categoryId: 1, plan: 'local-launch' }),
    testPost({ id: 4, slug: 'add-on-plan', categoryId: 2 }),
    testPost({ id: 5, slug: 'no-plan', categoryId: 3 }),
  ],
};

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ data });
});
afterAll(() => testApp.close());

/** The article's end: from its share links to the related posts. */
async function postEnd(slug: string) {
  const page = await readPage(testApp.app, `/blog/${slug}`);
  const html = page.html.slice(page.html.indexOf('Share'), page.html.indexOf('id="related-heading"'));
  return { html, text: page.text.slice(page.text.indexOf('Share'), page.text.indexOf('Related')) };
}

const startLink = (planId: string) => `href="/start-project?plan=${planId}"`;

describe('a post that leads to its package', () => {
  test('plan: growth in its front matter: ends with that package’s card, price from the offer with GST, and a ?plan= link', async () => {
    const { html, text } = await postEnd('own-plan');
    const price = planPriceText('growth');
    expect(html).toContain('data-plan="growth"');
    expect(text).toContain(planTitles.growth);
    expect(text).toContain(`${price.price} ${price.priceNote}`);
    expect(text).toContain(price.gst);
    expect(html).toContain(startLink('growth'));
    expect(html).not.toContain('data-cta="post-book-free-consult"');
  });

  test('a category’s default plan applies to its posts that name none', async () => {
    const { html } = await postEnd('category-plan');
    expect(html).toContain('data-plan="visibility-boost"');
    expect(html).toContain(startLink('visibility-boost'));
  });

  test('a post’s own plan wins over its category’s', async () => {
    const { html } = await postEnd('own-over-category');
    expect(html).toContain(startLink('local-launch'));
    expect(html).not.toContain('data-plan="visibility-boost"');
  });

  test('an add-on has no fixed price: its card says custom pricing, and still links with its plan', async () => {
    const { html, text } = await postEnd('add-on-plan');
    expect(text).toContain('Custom pricing');
    expect(html).toContain(startLink('paid-ads'));
  });

  test('a post with no plan, in a category with none, ends with the general call to action', async () => {
    const { html } = await postEnd('no-plan');
    expect(html).toContain('data-cta="post-book-free-consult"');
    expect(html).not.toContain('data-plan=');
  });

  test('the API: a post carries the plan it leads to; categories keep their shape', async () => {
    expect((await request(testApp.app).get('/api/blog/posts/category-plan').expect(200)).body.plan).toBe(
      'visibility-boost',
    );
    expect((await request(testApp.app).get('/api/blog/posts/no-plan').expect(200)).body).not.toHaveProperty('plan');
    const categories = (await request(testApp.app).get('/api/blog/categories').expect(200)).body as object[];
    for (const category of categories)
      expect(Object.keys(category).sort()).toEqual(['id', 'name', 'postCount', 'slug']);
  });
});

describe('the seeded blog', () => {
  const seededFile = 'data/db.json';

  test('no post types a package’s price', async () => {
    const seeded = JSON.parse(await readFile(seededFile, 'utf8')) as StoreData;
    expect(
      seeded.posts.flatMap((post) => typedPrices(post.content).map((warning) => `${post.slug}: ${warning}`)),
    ).toEqual([]);
  });

  test('the Google Business Profile post ends with the Visibility Boost’s card and a link that chooses it', async () => {
    const seeded = await createTestApp({ file: seededFile });
    try {
      const page = await readPage(seeded.app, '/blog/google-business-profile-newcastle');
      const end = page.html.slice(
        page.html.indexOf('Want a second set of eyes?'),
        page.html.indexOf('id="related-heading"'),
      );
      expect(end).toContain('data-plan="visibility-boost"');
      expect(end).toContain(startLink('visibility-boost'));
      expect(end).not.toContain('href="/start-project"');
      expect(page.text).toContain(
        `${planPriceText('visibility-boost').price} once-off ${planPriceText('visibility-boost').gst}`,
      );
    } finally {
      seeded.close();
    }
  });
});
