import type { Page } from '@playwright/test';
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
 * (test-support/fixture-content/: every business detail, three testimonials, no team) and serves that build.
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
/** The testimonial shown near the form, in the consult section. */
const nearTheForm = (page: Page) => page.locator('section#consult figure');

test.describe('with the studio’s details, testimonials and no team filled in', () => {
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
    test(`${pagePath} shows a client’s words near the form`, async ({ page }) => {
      await page.goto(`${filledIn.url}${pagePath}`);
      await expect(nearTheForm(page)).toHaveCount(1);
      await expect(nearTheForm(page)).toContainText('Mia Chen');
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

  test('without a team, /about shows none, and a writer’s byline links nowhere', async ({ page }) => {
    await page.goto(`${filledIn.url}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meet the team' })).toHaveCount(0);
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

  test('/about shows the blog’s two writers as the team, and a post’s byline leads to its writer’s entry', async ({
    page,
  }) => {
    await page.goto('/about');
    const team = page.getByRole('region', { name: 'Meet the team' });
    await expect(team.getByRole('heading', { level: 3 })).toHaveText(['Sarah Mitchell', 'James Nguyen']);
    await expect(team).toContainText('Sarah writes our guides to email marketing');
    await expectNoAxeViolations(page);
    documents['seeded /about'] = await page.content();

    const post = postBy('james-nguyen');
    await page.goto(`/blog/${post.slug}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'James Nguyen' }).click();
    await expect(page).toHaveURL('/about#team-james-nguyen');
    await expect(page.locator('#team-james-nguyen')).toBeInViewport();
    await expect(page.locator('#team-james-nguyen')).toContainText('James writes our guides to local SEO');
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
    'seeded /about',
  ]);
  const errors = await htmlErrors(documents);
  expect(errors).toEqual(Object.fromEntries(Object.keys(documents).map((name) => [name, []])));
});
