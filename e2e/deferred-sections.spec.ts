import type { Page, Route } from '@playwright/test';
import { expect, test, waitForDeferredSections, waitForHydration } from './fixtures/test.ts';

// The home page's sections below the hero are deferred (src/app/deferred.tsx): their chunk is not among the
// scripts the page needs to become interactive, and loads once the page is idle.
const homeSectionsChunk = /\/assets\/HomeSections-[\w-]+\.js$/;

/** Holds the deferred chunk's response until `release` is called. */
async function holdChunk(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(homeSectionsChunk, async (route: Route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, wasRequested: () => requested };
}

/** Marks the document, so that a test can tell an in-place navigation from a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
}

const documentIsMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);

test.describe('sections below the first screen', () => {
  test('are complete in the first HTML and out of the scripts the page loads first', async ({ page }) => {
    const response = await page.request.get('/');
    const html = await response.text();
    expect(html).toContain('Questions, answered');
    const boot = JSON.parse(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)![1]!) as {
      assets: { scripts: string[]; modulePreloads: string[]; deferredScripts: string[] };
    };
    const firstScripts = [...boot.assets.scripts, ...boot.assets.modulePreloads];
    expect(firstScripts.length).toBeGreaterThan(0);
    expect(firstScripts.filter((src) => homeSectionsChunk.test(src))).toEqual([]);
    // Listed apart, to be fetched one a task once the page is idle.
    expect(boot.assets.deferredScripts.filter((src) => homeSectionsChunk.test(src))).toHaveLength(1);
    expect(boot.assets.deferredScripts.filter((src) => firstScripts.includes(src))).toEqual([]);
  });

  test('the page is interactive before they load; they hydrate when it is idle', async ({ page }) => {
    const chunk = await holdChunk(page);
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await waitForHydration(page);
    // Interactive without them: the header's menu opens.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    // Their server HTML is on screen meanwhile.
    await expect(page.getByRole('heading', { name: 'Questions, answered' })).toBeVisible();
    await expect.poll(chunk.wasRequested).toBe(true);
    chunk.release();
    await waitForDeferredSections(page);
    // Hydrated: a package's button now navigates in place.
    await markDocument(page);
    await page.locator('[data-cta="package-local-launch"]').click();
    await expect(page).toHaveURL(/\/start-project\?plan=local-launch$/);
    expect(await documentIsMarked(page)).toBe(true);
    // The stylesheet is inlined in the page: no chunk loaded later fetches it again (and restyles the page).
    expect(stylesheets).toEqual([]);
  });

  test('their links work as plain links before they hydrate', async ({ page }) => {
    const chunk = await holdChunk(page);
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(chunk.wasRequested).toBe(true);
    await markDocument(page);
    await page.locator('[data-cta="package-local-launch"]').click();
    await expect(page).toHaveURL(/\/start-project\?plan=local-launch$/);
    await expect(page.getByTestId('chosen-plan')).toContainText('Local Launch Pack');
    // The browser loaded the page itself: the chunk never arrived, so React had not taken the link over.
    expect(await documentIsMarked(page)).toBe(false);
    chunk.release();
  });

  test('an anchor link followed before they hydrate keeps them on screen and lands on its anchor', async ({ page }) => {
    const chunk = await holdChunk(page);
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(chunk.wasRequested).toBe(true);
    // Counts removals of the server's HTML of the packages: React re-rendering the section from scratch.
    await page.evaluate(() => {
      const packages = document.getElementById('services');
      const removed = { count: 0 };
      Object.assign(window, { removed });
      new MutationObserver((records) => {
        if (records.some((record) => [...record.removedNodes].some((node) => node.contains(packages)))) removed.count++;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const packagesHeading = page.getByRole('heading', { name: 'Fixed-price packages, no surprises' });
    await page.getByRole('link', { name: 'Compare Plans' }).click();
    await expect(page).toHaveURL('/#services');
    await expect(packagesHeading).toBeInViewport();
    chunk.release();
    await waitForDeferredSections(page);
    await expect(packagesHeading).toBeInViewport();
    expect(await page.evaluate(() => (window as unknown as { removed: { count: number } }).removed.count)).toBe(0);
  });

  test.describe('when their code cannot load', () => {
    test.use({ expectedFailedLoads: [homeSectionsChunk] });

    test('their server HTML stays, and the page keeps working', async ({ page }) => {
      await page.route(homeSectionsChunk, (route) => route.fulfill({ status: 404 }));
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect(page.getByRole('heading', { name: 'Questions, answered' })).toBeVisible();
      await page.locator('[data-cta="package-growth"]').click();
      await expect(page).toHaveURL(/\/start-project\?plan=growth$/);
      await expect(page.getByTestId('chosen-plan')).toContainText('Growth');
    });
  });

  test('a client-side navigation shows them at once', async ({ page }) => {
    await page.goto('/blog');
    await waitForHydration(page);
    await markDocument(page);
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Newcastle Marketing Studio/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Questions, answered' })).toBeVisible();
    await expect(page.locator('[data-cta="package-local-launch"]')).toBeVisible();
    expect(await documentIsMarked(page)).toBe(true);
  });
});
