import { e2eEnquiriesFile, gaPort, port } from '../playwright.config.ts';
import { runScript } from '../scripts/lib/run-script.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { draftSlug, draftTitle, e2eStoreFile } from './fixtures/store.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

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
  // At a phone's width only: the page is a post's, whose layout at each width the post tests check. Its headers, its
  // status and the scheduled, tampered and differently written links are the server's (preview-route.server.test.ts).
  test('shows the draft as it will appear, marked as a preview', async ({ page, apiRequests }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 900 });
    const response = await page.goto(await previewPath(draftSlug));
    expect(response?.status()).toBe(200);
    await waitForSettled(page);
    await expect(page.getByRole('heading', { level: 1, name: draftTitle })).toBeVisible();
    await expect(page.getByText('This post is a draft, not yet scheduled.')).toBeVisible();
    await expect(page.getByText('Until then, only people with this link can read it.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Related articles' })).toBeVisible();
    // The preview came in the page: the browser asked the public API for nothing.
    expect(apiRequests).toEqual([]);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('preview-375.png') });
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
    await waitForSettled(page);
    await page.getByRole('region', { name: 'Posts' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Related articles' })).toBeVisible();
    expect(await page.evaluate(() => document.referrer)).toBe(`${site}/blog`);

    const preview = await page.goto(`${site}${await previewPath(draftSlug, gaPort)}`);
    expect(preview?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { level: 1, name: draftTitle })).toBeVisible();
    await waitForSettled(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(`${site}/blog`);
    await waitForSettled(page);
    await expect.poll(gtagLoaded).toBe(true);
    expect(await page.evaluate(() => document.referrer)).toBe('');
  });
});
