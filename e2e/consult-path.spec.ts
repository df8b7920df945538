import type { Page } from '@playwright/test';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startNodeServer, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { hubspot, hubspotScript, stubHubSpot } from './fixtures/marketing.ts';
import { e2eStoreFile } from './fixtures/store.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

/**
 * The consult path as a visitor meets it on a phone and a desktop, with everything a studio sets: a booking page,
 * HubSpot's form (its script stubbed), email, a contact email whose domain has a hyphen; seeded, and filled in
 * with sample studio content (served from source with test-support/fixture-content). Screenshots of each step are
 * written to the test's output folder for a person to look at.
 */
test.describe.configure({ timeout: 180_000 });

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };
const bookingUrl = 'https://cal.com/newcastle-studio/free-consult';
const everything = {
  BOOKING_URL: bookingUrl,
  HUBSPOT_PORTAL_ID: hubspot.portalId,
  HUBSPOT_FORM_ID: hubspot.formId,
  HUBSPOT_REGION: hubspot.region,
  // Nothing listens there: enquiries wait in the outbox, which is all these pages need of email.
  SMTP_URL: 'smtp://127.0.0.1:9/',
  CONTACT_EMAIL: 'hello@harbour-marketing.com.au',
  SITE_URL: 'https://studio.example',
  ENQUIRY_RATE_LIMIT: '10000',
};
const folders = tempFolders();
let seeded: RunningServer;
let filledIn: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataFile = (name: string) => {
    const file = path.join(folders.make(`consult-path-${name}-`), 'db.json');
    copyFileSync(e2eStoreFile, file);
    return file;
  };
  const enquiriesFile = (name: string) => path.join(folders.make(`consult-path-${name}-`), 'enquiries.json');
  [seeded, filledIn] = await Promise.all([
    startServer({
      ...everything,
      PORT: String(await freePort()),
      DATA_FILE: dataFile('seeded'),
      ENQUIRIES_FILE: enquiriesFile('seeded'),
    }),
    startNodeServer(
      ['--import', 'tsx', 'test-support/fixture-content/dev-server.ts'],
      {
        ...everything,
        NODE_ENV: 'development',
        PORT: String(await freePort()),
        DATA_FILE: dataFile('filled'),
        ENQUIRIES_FILE: enquiriesFile('filled'),
      },
      150_000,
    ),
  ]);
});

test.afterAll(async () => {
  await Promise.all([seeded?.stop(), filledIn?.stop()]);
  folders.remove();
});

/** The provider's script fails to load: the site's own form stays. */
const blockHubSpot = (page: Page) => page.route(hubspotScript, (route) => route.abort('blockedbyclient'));

async function screenshot(page: Page, name: string) {
  // The caret as it is: hiding it styles every field, which an island hydrating afterwards would see as a mismatch.
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), caret: 'initial' });
}

/** Every hyphenated word or email domain on the page (details opened) whose text runs over two lines. */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    document.querySelectorAll('details').forEach((details) => (details.open = true));
    const pattern = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (node.parentElement?.closest('script, style')) continue;
      for (const match of node.data.matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
        if (rects.length < 2) continue;
        const tops = rects.map((rect) => rect.top);
        if (Math.max(...tops) - Math.min(...tops) > rects[0]!.height / 2) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** How many lines an element's text takes: its content's height in its lines' height. */
const lineCount = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    const content = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return Math.round(content / parseFloat(style.lineHeight));
  });

const pages = [
  '/',
  '/services',
  '/how-it-works',
  '/about',
  '/faq',
  '/start-project',
  '/thank-you',
  '/privacy',
  '/blog',
  '/blog/meta-ads-local-events-promotions',
  '/blog/welcome-email-series-small-retailers',
];

for (const size of [phone, desktop])
  test(`no hyphenated word or email domain breaks across lines at ${size.width} px`, async ({ page }) => {
    await stubHubSpot(page);
    await page.setViewportSize(size);
    const found: string[] = [];
    for (const pagePath of pages) {
      await page.goto(`${seeded.url}${pagePath}`);
      await waitForSettled(page);
      found.push(...(await brokenWords(page)).map((word) => `${pagePath}: ${word}`));
    }
    expect(found).toEqual([]);
  });

test('after a HubSpot send, the booking offer stands under the provider’s thanks, prefilled, and the toast says the same', async ({
  page,
}) => {
  await stubHubSpot(page);
  await page.setViewportSize(phone);
  await page.goto(`${seeded.url}/start-project?plan=growth`);
  await expect(page.getByRole('main')).toContainText(
    "We'll reply within 1 business day, or you can choose a time straight after sending.",
  );
  const consult = page.locator('section#consult');
  await expect(consult.locator('[data-form-status]')).toHaveAttribute('data-form-status', 'ready', { timeout: 30_000 });
  await consult.getByLabel('Your email').fill('jane@example.com');
  await consult.getByRole('button', { name: 'Send enquiry' }).click();
  const link = consult.getByRole('link', { name: 'Choose a time for your free consult' });
  await expect(link).toHaveAttribute('href', `${bookingUrl}?email=jane%40example.com`);
  await expect(link).toHaveAttribute('data-cta', 'book-a-time');
  await expect(consult).toContainText(
    "Pick a time for your free 15-minute consult now, or we'll reply within 1 business day to find one.",
  );
  await expect(
    page.getByText('Thanks! Your enquiry is in. Pick a time for your free 15-minute consult now'),
  ).toBeVisible();
  // The offer up front has stepped aside: the page asks once.
  await expect(page.getByRole('link', { name: 'Prefer to pick a time now?' })).toBeHidden();
  await expect(link).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'hubspot-sent-375');
});

for (const [name, query] of [
  ['no package', ''],
  ['a package', '?plan=growth'],
] as const)
  for (const [content, server] of [
    ['seeded', () => seeded],
    ['filled in', () => filledIn],
  ] as const)
    test(`/start-project at 375 × 812 (${content}, ${name}): the choice to book above the first field, the first field within 600 px`, async ({
      page,
    }) => {
      await blockHubSpot(page);
      await page.setViewportSize(phone);
      await page.goto(`${server().url}/start-project${query}`);
      const book = page.getByRole('link', { name: 'Prefer to pick a time now?' });
      const firstField = page.getByRole('form', { name: 'Send us your details' }).getByLabel('First name');
      await expect(book).toBeInViewport({ ratio: 1 });
      await expect(book).toHaveAttribute('href', bookingUrl);
      expect((await book.boundingBox())!.y).toBeLessThan((await firstField.boundingBox())!.y);
      await expect(firstField).toBeInViewport({ ratio: 1 });
      expect((await firstField.boundingBox())!.y).toBeLessThanOrEqual(600);
      await screenshot(page, `start-project-375-${content.replace(' ', '-')}-${query ? 'plan' : 'none'}`);
    });

for (const size of [phone, desktop])
  test(`"You've chosen" follows the form's package field, with its price, at ${size.width} px`, async ({ page }) => {
    await blockHubSpot(page);
    await page.setViewportSize(size);
    await page.goto(`${filledIn.url}/start-project?plan=growth`);
    const chosen = page.getByTestId('chosen-plan');
    await expect(chosen).toBeVisible();
    await expect(chosen).toContainText("You've chosen: Growth Partner · $997 per month inc. GST");
    await page.getByRole('link', { name: 'Change package' }).click();
    await page.getByLabel('Package (optional)').selectOption('visibility-boost');
    await expect(page.getByLabel('Package (optional)')).toHaveValue('visibility-boost');
    await expect(chosen.locator('[data-chosen-plan]:visible')).toHaveText(
      "You've chosen: Visibility Boost · $750 once-off inc. GST",
    );
    await expect(chosen.getByText('$750 once-off inc. GST')).toBeVisible();
    await page.getByLabel('Package (optional)').selectOption('');
    await expect(chosen).toBeHidden();
    await page.getByLabel('Package (optional)').selectOption('local-launch');
    await expect(chosen.locator('[data-chosen-plan]:visible')).toHaveText(
      "You've chosen: Local Launch Pack · $1,500 founding rate inc. GST",
    );
    await chosen.scrollIntoViewIfNeeded();
    await screenshot(page, `chosen-plan-${size.width}`);
  });

test('the form’s notice names only the channels set, in at most three lines on a phone, linking to /privacy', async ({
  page,
}) => {
  await blockHubSpot(page);
  await page.setViewportSize(phone);
  await page.goto(`${filledIn.url}/start-project`);
  const notice = page.getByTestId('enquiry-notice');
  await expect(notice).toHaveText(
    'Used only to reply: stored here, emailed to us, sent to HubSpot, booking on Cal.com. How we handle your details.',
  );
  await expect(notice.getByRole('link', { name: 'How we handle your details' })).toHaveAttribute('href', '/privacy');
  await notice.scrollIntoViewIfNeeded();
  await screenshot(page, 'notice-375');
  expect(await lineCount(page, '[data-testid="enquiry-notice"]')).toBeLessThanOrEqual(3);
});

/** The calls to book a free consult a phone's first screen shows, below the sticky header. */
async function visibleCalls(page: Page): Promise<number> {
  return page.evaluate(() => {
    const headerBottom = document.querySelector('header[data-scrolled]')!.getBoundingClientRect().bottom;
    return [...document.querySelectorAll('a[href="/start-project"]')].filter((link) => {
      const rect = link.getBoundingClientRect();
      const style = getComputedStyle(link);
      return (
        rect.height > 0 &&
        rect.bottom > headerBottom &&
        rect.top < window.innerHeight &&
        style.visibility === 'visible' &&
        link.closest('[data-hidden="true"]') === null
      );
    }).length;
  });
}

for (const pagePath of ['/', '/services', '/how-it-works'])
  test(`${pagePath} at 375: the mobile bar stays aside while the hero's call to action shows below the header`, async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto(`${seeded.url}${pagePath}`);
    await waitForSettled(page);
    const bar = page.getByRole('complementary', { name: 'Book a free consult' });
    const heroCalls = page.locator('[data-hides-mobile-bar="hero"]');
    await expect(heroCalls).toBeInViewport();
    await expect(bar).toBeHidden();
    expect(await visibleCalls(page)).toBe(1);
    await screenshot(page, `first-screen-${pagePath.slice(1) || 'home'}-375`);
    // Scrolled until the hero's calls sit just under the sticky header: hidden by it, they no longer count.
    const top = await heroCalls.evaluate((calls) => calls.getBoundingClientRect().bottom + window.scrollY);
    const header = await page
      .locator('header[data-scrolled]')
      .evaluate((element) => (element as HTMLElement).offsetHeight);
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top - header + 4);
    await expect(bar).toBeVisible();
    // Once it has slid in.
    await expect.poll(() => visibleCalls(page)).toBe(1);
  });

test('/thank-you: "Read local marketing tips on our blog" stays on one line at 375', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto(`${seeded.url}/thank-you`);
  await expect(page.getByRole('link', { name: 'Read local marketing tips on our blog' })).toBeVisible();
  expect(await lineCount(page, '[data-cta="thank-you-blog"]')).toBe(1);
  const box = (await page.locator('[data-cta="thank-you-blog"]').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
});

test('filled in, a phone’s first screen of / shows a client’s words under the hero’s buttons, and the first price stays within two screens', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await page.goto(filledIn.url);
  const hero = page.locator('section[aria-labelledby="home-hero-heading"]');
  const quote = hero.locator('figure');
  await expect(quote).toContainText('We finally show up when people search for a plumber near them.');
  await screenshot(page, 'home-375-filled');
  await expect(quote).toBeInViewport({ ratio: 1 });
  const buttons = (await hero.locator('[data-hides-mobile-bar="hero"]').boundingBox())!;
  expect((await quote.boundingBox())!.y).toBeGreaterThan(buttons.y + buttons.height);
  const firstPrice = page
    .getByRole('region', { name: 'Three fixed-price packages' })
    .getByText('$750', { exact: true });
  const priceTop = await firstPrice.evaluate((price) => price.getBoundingClientRect().top + window.scrollY);
  expect(priceTop).toBeLessThan(2 * phone.height);
  await page.setViewportSize(desktop);
  await screenshot(page, 'home-1280-filled');
});

test('at 1280, filled in with a package and a booking page, the consult page shows its choices and first field at once', async ({
  page,
}) => {
  await blockHubSpot(page);
  await page.setViewportSize(desktop);
  await page.goto(`${filledIn.url}/start-project?plan=growth`);
  const firstField = page.getByRole('form', { name: 'Send us your details' }).getByLabel('First name');
  for (const part of [
    page.getByRole('link', { name: 'Prefer to pick a time now?' }),
    page.getByTestId('chosen-plan'),
    page.getByTestId('consult-host'),
    firstField,
  ])
    await expect(part).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'start-project-1280-filled');
});
