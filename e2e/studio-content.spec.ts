import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import type { StoreData } from '../src/lib/store-schema.ts';
import { buildWithFixtureContent, fixtureServerScript } from '../test-support/fixture-content/build.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { expect, test, waitForHydration } from './fixtures/test.ts';
import { htmlErrors } from './fixtures/vnu.ts';

/**
 * The studio's details, testimonials and team are files it fills (src/content/business.ts, testimonials.ts,
 * team.ts). The end-to-end servers show the seeded ones: a service area, the blog's two writers as the team, no
 * testimonial. This file also builds the site as a studio that has filled them in would
 * (test-support/fixture-content/: every business detail, three testimonials, and one person, who takes the consults)
 * and serves that build.
 */
test.describe.configure({ mode: 'serial' });
// Axe over a whole long page takes a while on a busy machine.
test.setTimeout(60_000);

let filledIn: RunningServer;
const folders = tempFolders();
/** Documents to pass the Nu Html Checker, collected by the tests and checked at once at the end. */
const documents: Record<string, string> = {};

const seededStore = JSON.parse(readFileSync('data/db.json', 'utf8')) as StoreData;
const postBy = (author: string) =>
  seededStore.posts.find((post) => post.author === author && post.publishedAt !== null)!;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await buildWithFixtureContent();
  filledIn = await startServer(
    {
      PORT: String(await freePort()),
      DATA_FILE: 'data/db.json',
      ENQUIRIES_FILE: path.join(folders.make('studio-content-'), 'enquiries.json'),
    },
    fixtureServerScript,
  );
});

test.afterAll(async () => {
  await filledIn?.stop();
  folders.remove();
});

const clientsSay = (page: Page) => page.getByRole('heading', { name: 'What our clients say' });
const phone = { width: 375, height: 812 };
const consultPages = ['/', '/services', '/how-it-works', '/about', '/faq', '/start-project'];

/** The consult section's parts whose order the visitor meets. */
function consultParts(page: Page) {
  const consult = page.locator('section#consult');
  const form = consult.getByRole('form', { name: 'Send us your details' });
  return {
    host: consult.getByTestId('consult-host'),
    firstField: form.getByLabel('First name'),
    quote: consult.locator('figure'),
    send: form.getByRole('button', { name: 'Send my enquiry' }),
  };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each one's box on the page, scrolled into view first (the consult section may be many screens down). */
async function boxes<T extends Locator[]>(...locators: T): Promise<{ [K in keyof T]: Box }> {
  const all: Box[] = [];
  for (const locator of locators) {
    await locator.scrollIntoViewIfNeeded();
    all.push(
      await locator.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
      }),
    );
  }
  return all as { [K in keyof T]: Box };
}
/** The testimonial shown near the form, in the consult section. */
const nearTheForm = (page: Page) => page.locator('section#consult figure');

test.describe('with the studio’s details, testimonials and who takes the consults filled in', () => {
  for (const pagePath of ['/', '/services'])
    test(`${pagePath} shows what clients say beside the packages: their words, name, business, suburb and result`, async ({
      page,
    }) => {
      await page.goto(`${filledIn.url}${pagePath}`);
      await waitForHydration(page);
      const packages = page.locator('section#services');
      await expect(packages.getByRole('heading', { name: 'What our clients say' })).toBeVisible();
      const quotes = packages.locator('figure');
      await expect(quotes).toHaveCount(3);
      await expect(quotes.first()).toContainText('Our weekday lunches are busy again');
      await expect(quotes.first()).toContainText('Mia Chen');
      await expect(quotes.first()).toContainText('Harbourside Espresso, Merewether');
      await expect(quotes.first()).toContainText('Weekday covers up a third in two months');
      await expect(quotes.first().locator('img')).toHaveAttribute('src', '/images/blog/cafe-counter-signup.webp');
      await expect(quotes.nth(2)).toContainText('Priya Nair');
      await expect(quotes.nth(2).locator('img')).toHaveCount(0);
    });

  for (const pagePath of ['/start-project', '/', '/about', '/faq'])
    test(`${pagePath} shows a client’s words near the form: the shortest, who said it and their business`, async ({
      page,
    }) => {
      await page.goto(`${filledIn.url}${pagePath}`);
      await expect(nearTheForm(page)).toHaveCount(1);
      await expect(nearTheForm(page)).toContainText('We finally show up when people search for a plumber near them.');
      await expect(nearTheForm(page)).toContainText('Tom Walsh, Walsh Plumbing, Lambton');
    });

  for (const pagePath of consultPages)
    test(`${pagePath} at 375px: who the visitor will talk to stands above the first field, and a client’s words above the button`, async ({
      page,
    }) => {
      await page.setViewportSize(phone);
      await page.goto(`${filledIn.url}${pagePath}`);
      const { host, firstField, quote, send } = consultParts(page);
      await expect(host).toHaveText("AMYou'll talk to Alex Morgan, Founder and strategist");
      await expect(host.getByText('AM', { exact: true })).toBeVisible();
      const [hostBox, fieldBox, quoteBox, sendBox] = await boxes(host, firstField, quote, send);
      expect(hostBox.y + hostBox.height).toBeLessThanOrEqual(fieldBox.y);
      expect(quoteBox.y + quoteBox.height).toBeLessThanOrEqual(sendBox.y);
      expect(quoteBox.y + quoteBox.height).toBeLessThanOrEqual(fieldBox.y);
    });

  test('/start-project at 375 × 812 shows the heading, its promise, who the visitor will talk to and the first field on the first screen', async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto(`${filledIn.url}/start-project`);
    await waitForHydration(page);
    const { host, firstField } = consultParts(page);
    for (const part of [
      page.getByRole('heading', { level: 1 }),
      page.getByText("We'll reply within 1 business day."),
      host,
      firstField,
    ])
      await expect(part).toBeInViewport({ ratio: 1 });
  });

  test('at 1280px the person stands above the first field and a client’s words beside the form', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${filledIn.url}/start-project`);
    const { host, firstField, quote } = consultParts(page);
    const form = page.getByRole('form', { name: 'Send us your details' });
    const [hostBox, fieldBox, quoteBox, formBox] = await boxes(host, firstField, quote, form);
    expect(hostBox.y + hostBox.height).toBeLessThanOrEqual(fieldBox.y);
    expect(quoteBox.x + quoteBox.width).toBeLessThan(formBox.x);
    expect(quoteBox.y).toBeLessThan(formBox.y + formBox.height);
  });

  test('/about leads with the team, who takes the consults first, as “Meet the team”', async ({ page }) => {
    await page.goto(`${filledIn.url}/about`);
    const team = page.getByRole('region', { name: 'Meet the team' });
    await expect(team.getByRole('heading', { level: 3 })).toHaveText(['Alex Morgan']);
    const sections = await page
      .getByRole('main')
      .locator('section')
      .evaluateAll((all) =>
        all.map((section) => (section.querySelector('h1') ? 'hero' : section.getAttribute('aria-labelledby'))),
      );
    expect(sections.slice(0, 2)).toEqual(['hero', 'team-heading']);
  });

  test('the footer shows every detail, beside the link to /privacy, and the home page’s structured data names them', async ({
    page,
  }) => {
    await page.goto(filledIn.url);
    const footer = page.getByRole('contentinfo');
    for (const text of [
      'Level 2, 45 Hunter Street, Newcastle NSW 2300',
      'Serving Newcastle and Lake Macquarie, NSW',
      'Mon–Fri 9 am–5 pm',
      'Sat 9 am–12 pm',
      'Harbour Marketing Pty Ltd · ABN 51 824 753 556',
    ])
      await expect(footer.getByText(text)).toBeVisible();
    const social = footer.getByRole('list', { name: 'Follow us' });
    await expect(social.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/harbourmarketing',
    );
    await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    const studio = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((json) => JSON.parse(json) as Record<string, unknown>)
      .find((item) => item['@type'] === 'ProfessionalService')!;
    expect(studio).toMatchObject({
      legalName: 'Harbour Marketing Pty Ltd',
      taxID: '51824753556',
      address: { streetAddress: 'Level 2, 45 Hunter Street', postalCode: '2300' },
      areaServed: { name: 'Newcastle and Lake Macquarie, NSW' },
      sameAs: ['https://www.instagram.com/harbourmarketing', 'https://www.facebook.com/harbourmarketing'],
    });
    expect(studio.openingHoursSpecification).toHaveLength(2);
  });

  test('with a team that writes no posts, /blog shows no writers, and a writer’s byline links nowhere', async ({
    page,
  }) => {
    await page.goto(`${filledIn.url}/blog`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who writes our guides' })).toHaveCount(0);
    await page.goto(`${filledIn.url}/blog/${postBy('sarah-mitchell').slug}`);
    await expect(page.getByText('Sarah Mitchell', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sarah Mitchell' })).toHaveCount(0);
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ])
    for (const pagePath of ['/', '/start-project', '/about'])
      test(`${pagePath} passes axe at ${viewport.width}px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(`${filledIn.url}${pagePath}`);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
        if (viewport.width === 1280) documents[`filled in ${pagePath}`] = await page.content();
      });
});

test.describe('with the seeded content', () => {
  test('no testimonial: nothing beside the packages, nothing near the form', async ({ page }) => {
    for (const pagePath of ['/', '/services', '/start-project']) {
      await page.goto(pagePath);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(clientsSay(page)).toHaveCount(0);
      await expect(nearTheForm(page)).toHaveCount(0);
    }
  });

  test('/blog shows the blog’s two writers as “Who writes our guides”, /about no team, and a byline leads to its writer', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meet the team' })).toHaveCount(0);
    await page.goto('/blog');
    const team = page.getByRole('region', { name: 'Who writes our guides' });
    await expect(team.getByRole('heading', { level: 3 })).toHaveText(['Sarah Mitchell', 'James Nguyen']);
    await expect(team).toContainText('Sarah writes our guides to email marketing');
    await expectNoAxeViolations(page);
    documents['seeded /blog'] = await page.content();

    const post = postBy('james-nguyen');
    await page.goto(`/blog/${post.slug}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'James Nguyen' }).click();
    await expect(page).toHaveURL('/blog#team-james-nguyen');
    await expect(page.locator('#team-james-nguyen')).toBeInViewport();
    await expect(page.locator('#team-james-nguyen')).toContainText('James writes our guides to local SEO');
  });

  test('at 375px nobody is named beside the form and no quote stands there, on every consult page', async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    for (const pagePath of consultPages) {
      await page.goto(pagePath);
      const { host, quote, firstField } = consultParts(page);
      await expect(firstField).toBeAttached();
      await expect(host).toHaveCount(0);
      await expect(quote).toHaveCount(0);
    }
  });

  test('the studio’s own posts (no one person’s) keep a plain byline', async ({ page }) => {
    await page.goto(`/blog/${postBy('studio-team').slug}`);
    await expect(page.getByText('Studio Team', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Studio Team' })).toHaveCount(0);
  });
});

test('every page above is valid HTML', async () => {
  expect(Object.keys(documents).sort()).toEqual([
    'filled in /',
    'filled in /about',
    'filled in /start-project',
    'seeded /blog',
  ]);
  const errors = await htmlErrors(documents);
  expect(errors).toEqual(Object.fromEntries(Object.keys(documents).map((name) => [name, []])));
});
