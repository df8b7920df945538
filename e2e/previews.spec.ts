import { e2eEnquiriesFile, gaPort, port } from '../playwright.config.ts';
import { runScript } from '../scripts/lib/run-script.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { draftSlug, draftTitle, e2eStoreFile, scheduledSlug } from './fixtures/store.ts';
import { expect, test, waitForHydration } from './fixtures/test.ts';

/** A preview link as the author gets it: from the content command, signed with the key the server reads. */
async function previewPath(slug: string, serverPort = port): Promise<string> {
  // The server makes that key when it first renders a page with the form.
  await fetch(`http://localhost:${serverPort}/start-project`);
  const run = await runScript('content.ts', ['preview', slug, '--data', e2eStoreFile], {
    ENQUIRIES_FILE: e2eEnquiriesFile(serverPort),
    SITE_URL: `http://localhost:${serverPort}`,
  });
  expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
  return new URL(run.stdout.trim()).pathname;
}

test.describe('a post’s preview link', () => {
  for (const width of [375, 1280]) {
    test(`shows the draft as it will appear, marked as a preview, at ${width} px`, async ({
      page,
      apiRequests,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(await previewPath(draftSlug));
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      expect(response?.headers()['x-robots-tag']).toBe('noindex');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: draftTitle })).toBeVisible();
      await expect(page.getByText('This post is a draft, not yet scheduled.')).toBeVisible();
      await expect(page.getByText('Until then, only people with this link can read it.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Related articles' })).toBeVisible();
      // The preview came in the page: the browser asked the public API for nothing.
      expect(apiRequests).toEqual([]);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`preview-${width}.png`) });
    });
  }

  test('a scheduled post’s preview says when it goes live; the public address stays 404', async ({ page }) => {
    await page.goto(await previewPath(scheduledSlug));
    await expect(page.getByText(/This post goes live on \d{1,2} [A-Z][a-z]+ \d{4}\./)).toBeVisible();
    const publicPage = await page.goto(`/blog/${scheduledSlug}`);
    expect(publicPage?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Blog Post Not Found' })).toBeVisible();
  });

  test('a tampered link shows Blog Post Not Found', async ({ page }) => {
    const path = await previewPath(draftSlug);
    const response = await page.goto(`${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Blog Post Not Found' })).toBeVisible();
    await expect(page.getByText(draftTitle)).toHaveCount(0);
  });

  test('a click from a preview to another page of the site hands that page no referrer, Google’s tag loaded there', async ({
    page,
  }) => {
    const site = `http://localhost:${gaPort}`;
    await page.route(/^https:\/\/www\.googletagmanager\.com\/gtag\/js/, (route) =>
      route.fulfill({ contentType: 'application/javascript', body: 'window.__gtagLoaded = true;' }),
    );
    const gtagLoaded = () => page.evaluate(() => (window as { __gtagLoaded?: boolean }).__gtagLoaded === true);
    // Between two ordinary pages the referrer is the page left: the site's analytics read it.
    await page.goto(`${site}/blog`);
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Posts' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Related articles' })).toBeVisible();
    expect(await page.evaluate(() => document.referrer)).toBe(`${site}/blog`);

    const preview = await page.goto(`${site}${await previewPath(draftSlug, gaPort)}`);
    expect(preview?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { level: 1, name: draftTitle })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(`${site}/blog`);
    await waitForHydration(page);
    await expect.poll(gtagLoaded).toBe(true);
    expect(await page.evaluate(() => document.referrer)).toBe('');
  });

  test('the link written another way is a 404 on which Google’s tag never runs, as it would report the address', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('googletagmanager.com')) requested.push(request.url());
    });
    const path = await previewPath(draftSlug, gaPort);
    const response = await page.goto(`http://localhost:${gaPort}${path.replace(/\./g, '%2E')}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible();
    await waitForHydration(page);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    const calls = await page.evaluate(() => window.dataLayer.map((entry) => Array.from(entry as ArrayLike<unknown>)));
    expect(calls.filter((call) => call[0] === 'config')).toEqual([]);
    expect(requested).toEqual([]);
  });
});
