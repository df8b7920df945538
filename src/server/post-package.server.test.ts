import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultPostPlan } from '../content/offer.ts';
import { planPriceText } from '../content/offer-prices.ts';
import { planTitles } from '../content/plan-titles.ts';
import type { StoreData } from '../lib/store-schema.ts';
import { typedPrices } from './content/typed-prices.server.ts';
import { createTestApp, readPage, testPost, type TestApp } from '../../test-support/server.ts';

// A post that names its package ends with that package's card and a link that chooses it on the form; a category
// may name a default for its posts; a post with neither ends with the offer's default package.
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
    testPost({
      id: 6,
      slug: 'links-to-the-form',
      categoryId: 1,
      content:
        'Read on, then [start here](/start-project), [see the form](/start-project#consult), ' +
        '[pick a package](/start-project?plan=growth) or [see our services](/services).\n',
    }),
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

  test('a post with no plan, in a category with none, ends with the offer’s default package', async () => {
    const { html } = await postEnd('no-plan');
    expect(defaultPostPlan).toBe('visibility-boost');
    expect(html).toContain(`data-plan="${defaultPostPlan}"`);
    expect(html).toContain(startLink(defaultPostPlan));
  });

  test('the post’s own links to the consult form choose its package; a link naming a plan, or elsewhere, is left', async () => {
    const page = await readPage(testApp.app, '/blog/links-to-the-form');
    const body = /<div data-post-body[^>]*>([\s\S]*?)<\/div>/.exec(page.html)?.[1] ?? '';
    expect([...body.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/start-project?plan=visibility-boost',
      '/start-project?plan=visibility-boost#consult',
      '/start-project?plan=growth',
      '/services',
    ]);
  });

  test('the API: a post carries the plan it leads to; categories keep their shape', async () => {
    expect((await request(testApp.app).get('/api/blog/posts/category-plan').expect(200)).body.plan).toBe(
      'visibility-boost',
    );
    expect((await request(testApp.app).get('/api/blog/posts/no-plan').expect(200)).body.plan).toBe(defaultPostPlan);
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

  test('every post ends with a package, Social Media’s with Growth Partner, and its links to the form choose it', async () => {
    const stored = JSON.parse(await readFile(seededFile, 'utf8')) as StoreData;
    const seeded = await createTestApp({ file: seededFile });
    try {
      const socialMedia = stored.categories.find((category) => category.slug === 'social-media')!;
      expect(socialMedia.plan).toBe('growth');
      for (const post of stored.posts) {
        const { plan, html } = (await request(seeded.app).get(`/api/blog/posts/${post.slug}`).expect(200)).body as {
          plan: string;
          html: string;
        };
        expect(plan, post.slug).toBe(
          post.plan ?? stored.categories.find((category) => category.id === post.categoryId)?.plan ?? defaultPostPlan,
        );
        const links = [...html.matchAll(/href="(\/start-project[^"]*)"/g)].map((match) => match[1]);
        expect(links, post.slug).toEqual(links.map(() => `/start-project?plan=${plan}`));
      }
      // The page ends with that package's card: one post is enough to see it, the others share the component.
      const page = await readPage(seeded.app, '/blog/instagram-newcastle-cafes-restaurants');
      expect(page.html.slice(page.html.indexOf('id="post-cta-heading"'))).toContain('data-plan="growth"');
      // A post on emailing one's own customers leads to the package that writes that email, not to a Google profile.
      const emailPost = await readPage(seeded.app, '/blog/welcome-email-series-small-retailers');
      expect(emailPost.html.slice(emailPost.html.indexOf('id="post-cta-heading"'))).toContain(
        'data-plan="additional-content"',
      );
    } finally {
      seeded.close();
    }
  }, 30_000);
});
