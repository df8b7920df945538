import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { element, figures, textOf } from '../../test-support/html.ts';
import { createTestApp, readPage, testPost, testStore } from '../../test-support/server.ts';
import { htmlErrors } from '../../test-support/vnu.ts';

// The pages of a studio that has filled its content files in: every business detail, three testimonials (one with
// every field, one with a result only, one with neither) and a team of one, who takes the consults and writes no
// posts (test-support/fixture-content/). The server
// renders them as a build of those files would: the same components, the content modules swapped.
vi.mock('../content/business.ts', () => import('../../test-support/fixture-content/business.ts'));
vi.mock('../content/testimonials.ts', () => import('../../test-support/fixture-content/testimonials.ts'));
vi.mock('../content/team.ts', () => import('../../test-support/fixture-content/team.ts'));

const data = testStore(2);
data.posts.push(testPost({ id: 30, slug: 'by-sarah', author: 'sarah-mitchell' }));

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp({ data });
});
afterAll(() => testApp.close());

// The first page imports the renderer: seconds on a busy machine.
describe('with the studio’s details, testimonials and who takes the consults filled in', { timeout: 30_000 }, () => {
  test.each(['/', '/services'])(
    '%s shows what clients say beside the packages: their words, name, business, suburb and result',
    async (path) => {
      const { html } = await readPage(testApp.app, path);
      const packages = element(html, '<section id="services"', 'section');
      expect(textOf(packages)).toContain('What our clients say');
      const quotes = figures(packages);
      expect(quotes).toHaveLength(3);
      const first = textOf(quotes[0]!);
      for (const text of [
        'Our weekday lunches are busy again',
        'Mia Chen',
        'Harbourside Espresso, Merewether',
        'Weekday covers up a third in two months',
      ])
        expect(first).toContain(text);
      expect(quotes[0]).toMatch(/<img src="\/images\/blog\/cafe-counter-signup\.webp" alt=""/);
      expect(textOf(quotes[1]!)).toContain('Calls from Google doubled');
      expect(textOf(quotes[2]!)).toContain('Priya Nair');
      expect(quotes[2]).not.toContain('<img');
    },
  );

  test.each(['/start-project', '/', '/about', '/faq'])(
    '%s shows a client’s words near the form: the shortest, who said it and their business, once per width',
    async (path) => {
      const { html } = await readPage(testApp.app, path);
      const consult = element(html, '<section id="consult"', 'section');
      // The same words twice: above the form's button below 1024px, beside the form from there (one shows at a time).
      const near = figures(consult);
      expect(near).toHaveLength(2);
      for (const figure of near) {
        expect(textOf(figure)).toContain('We finally show up when people search for a plumber near them.');
        expect(textOf(figure)).toContain('Tom Walsh');
        expect(textOf(figure)).toContain('Walsh Plumbing, Lambton');
      }
    },
  );

  test('the footer shows every detail, beside the link to /privacy, and the home page’s structured data names them', async () => {
    const { html, jsonLd } = await readPage(testApp.app, '/');
    const footer = element(html, '<footer', 'footer');
    for (const text of [
      'Level 2, 45 Hunter Street, Newcastle NSW 2300',
      'Serving Newcastle and Lake Macquarie, NSW',
      'Mon–Fri 9 am–5 pm',
      'Sat 9 am–12 pm',
      'Harbour Marketing Pty Ltd · ABN 51 824 753 556',
    ])
      expect(textOf(footer)).toContain(text);
    const social = element(footer, '<ul aria-label="Follow us"', 'ul');
    expect(social).toMatch(/<a href="https:\/\/www\.instagram\.com\/harbourmarketing"[^>]*>Instagram<\/a>/);
    expect(footer).toMatch(/<a [^>]*href="\/privacy">Privacy<\/a>/);
    const studio = jsonLd.find((item) => item['@type'] === 'ProfessionalService')!;
    expect(studio).toMatchObject({
      legalName: 'Harbour Marketing Pty Ltd',
      taxID: '51824753556',
      address: { streetAddress: 'Level 2, 45 Hunter Street', postalCode: '2300' },
      areaServed: { name: 'Newcastle and Lake Macquarie, NSW' },
      sameAs: ['https://www.instagram.com/harbourmarketing', 'https://www.facebook.com/harbourmarketing'],
    });
    expect(studio.openingHoursSpecification).toHaveLength(2);
  });

  test('with a team that writes no posts, /blog shows no writers, and a writer’s byline links nowhere', async () => {
    const blog = await readPage(testApp.app, '/blog');
    expect(blog.html).toMatch(/<h1\b/);
    expect(blog.text).not.toContain('Who writes our guides');
    const post = await readPage(testApp.app, '/blog/by-sarah');
    expect(post.text).toContain('Sarah Mitchell');
    expect(post.html).not.toMatch(/<a [^>]*>Sarah Mitchell<\/a>/);
    expect(post.html).not.toContain('href="/about#team-');
  });

  test('its pages with testimonials, details and a person are valid HTML (the Nu Html Checker)', async () => {
    const paths = ['/', '/start-project', '/about'];
    const documents = Object.fromEntries(
      await Promise.all(paths.map(async (path) => [path, (await readPage(testApp.app, path)).html] as const)),
    );
    expect(await htmlErrors(documents)).toEqual(Object.fromEntries(paths.map((path) => [path, []])));
  }, 60_000);
});
