import type { Page } from '@playwright/test';
import { ownFormPort } from '../playwright.config.ts';
import { chromiumPath, e2eChromiumArgs } from '../scripts/lib/chromium.ts';
import { progressBars, progressBarsShownByLastPage, recordProgressBars } from './fixtures/accessibility-tree.ts';
import { consultForm, expectConsultValues, fillConsultForm, useTokenOldEnough } from './fixtures/enquiry-form.ts';
import { sitePages } from './fixtures/site-pages.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

// Back and Forward as visitors' browsers do them: pages come back from the back/forward cache as they were left,
// which the rest of the suite's browser has turned off (Playwright launches Chromium without it). A page shown from
// the cache fires no load event: history navigations here wait for the commit only.

test.use({
  baseURL: `http://localhost:${ownFormPort}`,
  launchOptions: {
    executablePath: chromiumPath,
    args: e2eChromiumArgs,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

const empty = { firstname: '', email: '', message: '' };

/** Records, on every page of the tab, whether it was last shown from the back/forward cache. */
const watchBackForwardCache = (page: Page) =>
  page.addInitScript(() =>
    addEventListener('pageshow', (event) => Object.assign(window, { shownFromCache: event.persisted })),
  );
const shownFromCache = (page: Page) => page.evaluate(() => (window as { shownFromCache?: boolean }).shownFromCache);

const typeHalf = (page: Page) =>
  fillConsultForm(page, { firstname: 'Jane', email: `jane.${Date.now()}@example.com`, message: 'A new website.' });

test.beforeEach(async ({ page }) => {
  await watchBackForwardCache(page);
});

test('every page comes back from the back/forward cache with Back from the next page', async ({ page }) => {
  test.setTimeout(180_000);
  // Why a page could not be kept, as Chromium reports it, so that a failure names the cause.
  const cdp = await page.context().newCDPSession(page);
  const notKept: string[] = [];
  cdp.on('Page.backForwardCacheNotUsed', (event) =>
    notKept.push(...event.notRestoredExplanations.map((explanation) => explanation.reason)),
  );
  await cdp.send('Page.enable');
  // Chromium keeps no page whose answer was not 200 OK (a 404 among them), whatever the page does.
  for (const { path } of sitePages.filter((sitePage) => sitePage.path !== '/no-such-page')) {
    await test.step(path, async () => {
      await page.goto(path);
      await waitForSettled(page);
      const next = path === '/faq' ? 'About' : 'FAQ';
      await page.getByRole('banner').getByRole('link', { name: next, exact: true }).first().click();
      await expect(page).toHaveURL(next === 'FAQ' ? /\/faq$/ : /\/about$/);
      await waitForSettled(page);
      notKept.length = 0;
      await page.goBack({ waitUntil: 'commit' });
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe(new URL(path, 'http://x').pathname);
      expect(notKept, `why ${path} was not kept`).toEqual([]);
      expect(await shownFromCache(page)).toBe(true);
    });
  }
});

test('a half-typed form comes back with Back from the back/forward cache', async ({ page }) => {
  await page.goto('/faq');
  await waitForSettled(page);
  await typeHalf(page);
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/faq$/);
  expect(await shownFromCache(page)).toBe(true);
  await expectConsultValues(page, { firstname: 'Jane', message: 'A new website.' });
});

test('once the enquiry is sent in place, Back and Forward through the cache show none of its values', async ({
  page,
}) => {
  await page.goto('/faq');
  await waitForSettled(page);
  await typeHalf(page);
  await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
  await expect(page).toHaveURL(/\/start-project$/);
  await waitForSettled(page);
  await expectConsultValues(page, { firstname: 'Jane' });
  await useTokenOldEnough(page);
  await consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeVisible();
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/faq$/);
  expect(await shownFromCache(page)).toBe(true);
  await expectConsultValues(page, empty);
  await page.goForward({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/start-project$/);
  expect(await shownFromCache(page)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeVisible();
});

test.describe('without the page’s scripts', () => {
  test.use({ expectedFailedLoads: [/\/assets\/(?!boot-loader-)[\w-]+\.js$/] });

  test('once a plain post lands on /thank-you, Back through the cache shows none of its values', async ({ page }) => {
    await page.goto('/faq');
    await waitForSettled(page);
    await typeHalf(page);
    // The next page's form never hydrates: it posts as plain HTML, and only the boot loader runs.
    await page.route(/\/assets\/(?!boot-loader-)[\w-]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
    await expect(page).toHaveURL(/\/start-project$/);
    await expectConsultValues(page, { firstname: 'Jane' });
    await useTokenOldEnough(page);
    await consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    // /thank-you's loader is what learns that this tab sent the enquiry: a visitor's Back comes after it has run.
    await waitForSettled(page);
    await page.goBack({ waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/start-project$/);
    await expectConsultValues(page, empty);
    await page.goBack({ waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/faq$/);
    expect(await shownFromCache(page)).toBe(true);
    await expectConsultValues(page, empty);
  });
});

test('a call to action’s page shows a progress bar, told to assistive technology, until it has loaded, and Back from the cache shows none', async ({
  page,
}) => {
  await recordProgressBars(page);
  await page.goto('/faq');
  await waitForSettled(page);
  expect(await progressBars(page)).toEqual([]);
  // The next page arrives half a second late, as on a slow connection.
  await page.route('**/start-project', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book your free 15-minute consult');
  expect(await progressBarsShownByLastPage(page)).toEqual(['Loading the page']);
  // Polled: just after a page arrives, DevTools can still answer with the accessibility tree of the one it replaced.
  await expect.poll(() => progressBars(page)).toEqual([]);
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/faq$/);
  expect(await shownFromCache(page)).toBe(true);
  await expect.poll(() => progressBars(page)).toEqual([]);
});
