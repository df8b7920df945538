import { e2eEnquiriesFile, port } from '../playwright.config.ts';
import { runScript } from '../scripts/lib/run-script.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { draftSlug, draftTitle, e2eStoreFile, scheduledSlug } from './fixtures/store.ts';
import { expect, test, waitForHydration } from './fixtures/test.ts';

/** A preview link as the author gets it: from the content command, signed with the key the server reads. */
async function previewPath(slug: string): Promise<string> {
  const run = await runScript('content.ts', ['preview', slug, '--data', e2eStoreFile], {
    ENQUIRIES_FILE: e2eEnquiriesFile(port),
    SITE_URL: `http://localhost:${port}`,
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
});
