import type { Page } from '@playwright/test';
import { gaMeasurementId, gaPort } from '../playwright.config.ts';
import { marketingRoutes, stubHubSpot } from './fixtures/marketing.ts';
import { hostileSlug } from './fixtures/store.ts';
import { expect, test, waitForSettled, waitForIdle } from './fixtures/test.ts';

const pages = [
  ...marketingRoutes.map((route) => route.path),
  '/start-project?plan=growth',
  '/blog',
  `/blog/${hostileSlug}`,
  '/no-such-page',
];

const gtagStub = 'window.__gtagLoaded = true;';

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await stubHubSpot(page);
  await page.route(/^https:\/\/www\.googletagmanager\.com\/gtag\/js/, (route) =>
    route.fulfill({ contentType: 'application/javascript', body: gtagStub }),
  );
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

for (const path of pages) {
  test(`${path} runs under the strict CSP with the form provider and Google's tag stubbed in, without a violation`, async ({
    page,
  }) => {
    await recordViolations(page);
    await page.goto(`http://localhost:${gaPort}${path}`);
    await waitForSettled(page);
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => page.evaluate(() => (window as { __gtagLoaded?: boolean }).__gtagLoaded)).toBe(true);
    expect(await violations(page)).toEqual([]);
  });
}

test('the hostile post runs no script and logs no CSP violation', async ({ page }) => {
  await recordViolations(page);
  await page.goto(`/blog/${hostileSlug}`);
  await waitForSettled(page);
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(await violations(page)).toEqual([]);
});

test(`Google's tag loads only when GA_MEASUREMENT_ID is set`, async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('googletagmanager.com')) requested.push(request.url());
  });
  await recordViolations(page);
  await page.goto('/');
  await page.mouse.wheel(0, 5000);
  // The tag is fetched once the page is hydrated and idle, and only when analytics configured it at its start.
  await waitForIdle(page);
  const calls = () => page.evaluate(() => (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer);
  await expect.poll(async () => Array.isArray(await calls())).toBe(true);
  expect((await calls())?.some((call) => call[0] === 'config')).toBe(false);
  expect(requested).toEqual([]);
  await page.goto(`http://localhost:${gaPort}/`);
  await waitForIdle(page);
  await expect.poll(() => requested).toHaveLength(1);
  expect(requested[0]).toBe(`https://www.googletagmanager.com/gtag/js?id=${gaMeasurementId}`);
});
