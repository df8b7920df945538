import type { Page, Route } from '@playwright/test';
import { ownFormPort } from '../playwright.config.ts';
import { islandWakingMark } from '../src/browser/marks.ts';
import { enquiryForm } from '../src/content/enquiry-form.ts';
import { consultForm, fillConsultForm, useTokenOldEnough } from './fixtures/enquiry-form.ts';
import { expect, test, waitForIdle, waitForIsland } from './fixtures/test.ts';

// Each island starts from the server's HTML: with its scripts held back, a visitor types, taps and sends on the
// plain form; once the scripts arrive the island hydrates without a warning (the fixture fails the test on any
// console warning) and keeps what the visitor did.

const ownFormSite = `http://localhost:${ownFormPort}`;
test.use({ baseURL: ownFormSite });

/** Every script but the boot loader: the islands' modules and the chunks they import. */
const islandScripts = /\/assets\/(?!boot-loader)[\w-]+\.js$/;

/** Holds back every script but the boot loader until `release` is called. */
async function holdIslandScripts(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(islandScripts, async (route: Route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

const woke = (page: Page) =>
  page.evaluate((mark) => performance.getEntriesByName(mark, 'mark').length > 0, islandWakingMark('consult-form'));

test('a form below the first screen sleeps until used; what is typed before its scripts arrive stays, focus too', async ({
  page,
}) => {
  const scripts = await holdIslandScripts(page);
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  expect(await woke(page)).toBe(false);
  expect(scripts.held()).toBe(0);
  const firstName = consultForm(page).getByLabel('First name');
  await fillConsultForm(page, { firstname: 'Jane' });
  await consultForm(page).getByLabel('Email address').click();
  await page.keyboard.type('jane@exam');
  await expect.poll(() => scripts.held()).toBeGreaterThan(0);
  scripts.release();
  await waitForIsland(page, 'consult-form');
  await page.keyboard.type('ple.com');
  await expect(firstName).toHaveValue('Jane');
  await expect(consultForm(page).getByLabel('Email address')).toHaveValue('jane@example.com');
  await expect(consultForm(page).getByLabel('Email address')).toBeFocused();
});

test('a form reached by the keyboard alone wakes as Tab enters it, and one filled by autofill wakes too', async ({
  page,
}) => {
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  expect(await woke(page)).toBe(false);
  // Tab from the top of the page until the focus is in the form, as a visitor without a pointer would.
  const inForm = () => page.evaluate(() => Boolean(document.activeElement?.closest('form[action="/api/enquiries"]')));
  for (let presses = 0; !(await inForm()); presses++) {
    expect(presses, 'Tab presses to reach the form').toBeLessThan(80);
    await page.keyboard.press('Tab');
  }
  await waitForIsland(page, 'consult-form');
  await page.keyboard.type('Jane');
  await expect(consultForm(page).getByLabel('First name')).toHaveValue('Jane');

  // Autofill writes into fields without focusing them, and announces it with `input` events. The page is left with
  // the focus out of the form, so the draft gives the next page's form no focus (which would wake it).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.goto('/services');
  await page.waitForLoadState('networkidle');
  expect(await woke(page)).toBe(false);
  await consultForm(page)
    .getByLabel('Email address')
    .evaluate((field: HTMLInputElement) => {
      field.value = 'jane@example.com';
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
  await waitForIsland(page, 'consult-form');
  await expect(consultForm(page).getByLabel('Email address')).toHaveValue('jane@example.com');
});

test('a form sent before its scripts arrive is sent once, by the island, and answered in place', async ({ page }) => {
  const scripts = await holdIslandScripts(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/enquiries')) posts.push(request.url());
  });
  await page.goto('/start-project');
  await fillConsultForm(page);
  await useTokenOldEnough(page);
  // The first tap counts: it sends the enquiry once the island has hydrated.
  await consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click();
  await expect(page).toHaveURL(`${ownFormSite}/start-project`);
  expect(posts).toEqual([]);
  scripts.release();
  await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeVisible();
  await expect(page.getByText(enquiryForm.thanksBody)).toBeVisible();
  await expect(page).toHaveURL(`${ownFormSite}/start-project`);
  expect(posts).toHaveLength(1);
});

test.describe('with the island’s scripts unavailable', () => {
  test.use({ expectedFailedLoads: [/\/assets\//] });

  test('a form sent while its scripts cannot load is posted as plain HTML and lands on the thank-you page', async ({
    page,
  }) => {
    await page.route(islandScripts, (route) => route.abort());
    await page.goto('/start-project');
    await fillConsultForm(page);
    await useTokenOldEnough(page);
    await consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page).toHaveURL(`${ownFormSite}/thank-you`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is in');
  });
});

test('a page with problems from a plain post keeps them, its values and its title once the island hydrates', async ({
  page,
}) => {
  const scripts = await holdIslandScripts(page);
  await page.goto('/about');
  await fillConsultForm(page, { email: 'jane@' });
  await useTokenOldEnough(page);
  // Scripts still held: the island is asleep, so this goes as a plain post and comes back with its problems.
  await page.evaluate(() =>
    HTMLFormElement.prototype.submit.call(document.querySelector('form[action="/api/enquiries"]')),
  );
  await expect(page).toHaveTitle(/^Error: /);
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeVisible();
  scripts.release();
  // A page with a returned post's problems wakes its form unasked: it moves the page around the form.
  await waitForIsland(page, 'consult-form');
  await expect(page).toHaveTitle(/^Error: About/);
  await expect(summary).toBeVisible();
  await expect(consultForm(page).getByLabel('Email address')).toHaveValue('jane@');
});

test('a form on the first screen has its code fetched ahead, hydrates only once used, and then takes it from the cache', async ({
  browser,
}) => {
  // A context of its own: routing a request, as the test page does for outside hosts, turns the browser's cache off.
  // This site (no HubSpot, no Google tag) asks for nothing outside this machine.
  const context = await browser.newContext({ baseURL: ownFormSite });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type())) problems.push(message.text());
    });
    const loads = () =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => /\/assets\/ConsultForm-[\w-]+\.js$/.test(entry.name))
          .map((entry) => ({ by: entry.initiatorType, fromNetwork: entry.transferSize > 0 })),
      );
    await page.goto('/start-project');
    await expect.poll(loads).toEqual([{ by: 'link', fromNetwork: true }]);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await woke(page)).toBe(false);
    await consultForm(page).getByLabel('First name').click();
    await waitForIsland(page, 'consult-form');
    await page.keyboard.type('Jane');
    await expect(consultForm(page).getByLabel('First name')).toHaveValue('Jane');
    await expect(consultForm(page).getByLabel('First name')).toBeFocused();
    // The module script came from the cache the prefetch filled, not from the network again.
    expect(await loads()).toEqual([
      { by: 'link', fromNetwork: true },
      { by: 'script', fromNetwork: false },
    ]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the site’s own form sent in place shows no toast: its thanks is the one message, and the toasts’ code is never fetched', async ({
  page,
}) => {
  const toastsCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/Toasts-[\w-]+\.js$/.test(request.url())) toastsCode.push(request.url());
  });
  await page.goto('/start-project');
  await fillConsultForm(page, { firstname: 'Jane' });
  await waitForIsland(page, 'consult-form');
  await fillConsultForm(page, { email: 'jane@example.com' });
  await useTokenOldEnough(page);
  await consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeFocused();
  await waitForIdle(page);
  await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
  expect(toastsCode).toEqual([]);
});
