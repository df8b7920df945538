import type { Page, Route } from '@playwright/test';
import { expect, test, waitForHydration, waitForIdle } from './fixtures/test.ts';
import { deferredSectionMark } from '../src/app/hydration-marks.ts';

// The home page's sections between the hero and the consult form are deferred (src/app/deferred.tsx): they need no
// JavaScript there, so the page never fetches their chunk; a navigation that needs them loads it first.
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

/**
 * Counts from now on how often the element matching `selector` is taken out of the page: React rendering its
 * section again from scratch, which wipes the server's HTML. Returns a function that reads the count.
 */
async function countRemovals(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.evaluate((watched) => {
    const element = document.querySelector(watched);
    const removed = { count: 0 };
    Object.assign(window, { removed });
    new MutationObserver((records) => {
      if (records.some((record) => [...record.removedNodes].some((node) => node.contains(element)))) removed.count++;
    }).observe(document.body, { childList: true, subtree: true });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { removed: { count: number } }).removed.count);
}

/** Marks the document, so that a test can tell an in-place navigation from a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
}

const documentIsMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);

test.describe('sections below the first screen', () => {
  test('are complete in the first HTML, and the page never fetches their code', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Questions, answered');
    expect(html).toContain('data-cta="package-local-launch"');
    const boot = JSON.parse(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)![1]!) as {
      assets: { scripts: string[]; modulePreloads: string[] };
    };
    const listed = [...boot.assets.scripts, ...boot.assets.modulePreloads];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((src) => homeSectionsChunk.test(src))).toEqual([]);

    const chunk = await holdChunk(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await waitForIdle(page);
    // Scrolled through to the end, and idle again: still not fetched.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await waitForIdle(page);
    await page.waitForLoadState('networkidle');
    expect(chunk.wasRequested()).toBe(false);
    expect(await page.evaluate((mark) => performance.getEntriesByName(mark).length, deferredSectionMark)).toBe(0);
    chunk.release();
  });

  test('the page is interactive without them, and their links and questions work as plain HTML', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await waitForHydration(page);
    // The header's menu opens, and the consult form below them is hydrated with the page.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    const question = page.locator('section[aria-labelledby="faq-heading"] details').first();
    await question.locator('summary').click();
    await expect(question).toHaveAttribute('open', '');
    // A package's button is a plain link: the browser loads the page it names.
    await markDocument(page);
    await page.locator('[data-cta="package-local-launch"]').click();
    await expect(page).toHaveURL(/\/start-project\?plan=local-launch$/);
    await expect(page.getByTestId('chosen-plan')).toContainText('Local Launch Pack');
    expect(await documentIsMarked(page)).toBe(false);
  });

  test('an anchor link followed before they hydrate keeps them on screen and lands on its anchor', async ({ page }) => {
    const chunk = await holdChunk(page);
    await page.goto('/');
    await waitForHydration(page);
    const removals = await countRemovals(page, '#services');
    const packagesHeading = page.getByRole('heading', { name: 'Fixed-price packages, no surprises' });
    await page.getByRole('link', { name: 'Compare Plans' }).click();
    await expect(page).toHaveURL('/#services');
    await expect(packagesHeading).toBeInViewport();
    // The fragment is a navigation: it asks for their code, and they hydrate once it has come.
    await expect.poll(chunk.wasRequested).toBe(true);
    chunk.release();
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, deferredSectionMark);
    await expect(packagesHeading).toBeInViewport();
    expect(await removals()).toBe(0);
  });

  test.describe('when their code cannot load', () => {
    test.use({ expectedFailedLoads: [homeSectionsChunk] });

    test('a navigation that needs it lets the browser load the address itself, and the page keeps working', async ({
      page,
    }) => {
      await page.route(homeSectionsChunk, (route) => route.fulfill({ status: 404 }));
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/');
      await waitForHydration(page);
      const reloaded = page.waitForEvent('load');
      await page.getByRole('link', { name: 'Compare Plans' }).click();
      await reloaded;
      await expect(page).toHaveURL('/#services');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect(page.getByRole('heading', { name: 'Questions, answered' })).toBeAttached();
      await page.locator('[data-cta="package-growth"]').click();
      await expect(page).toHaveURL(/\/start-project\?plan=growth$/);
      await expect(page.getByTestId('chosen-plan')).toContainText('Growth');
    });
  });

  test('a client-side navigation waits for their code, then shows the page with them', async ({ page }) => {
    const chunk = await holdChunk(page);
    await page.goto('/blog');
    await waitForHydration(page);
    const blogHeading = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await markDocument(page);
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Newcastle Marketing Studio/ })
      .click();
    await expect.poll(chunk.wasRequested).toBe(true);
    // Until the code has come, the blog stays on screen, not a home page with holes in it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(blogHeading);
    chunk.release();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(blogHeading);
    // The page and its sections arrive in the same render.
    expect(await page.getByRole('heading', { name: 'Questions, answered' }).count()).toBe(1);
    expect(await page.locator('[data-cta="package-local-launch"]').count()).toBe(1);
    await expect(page).toHaveURL(/\/$/);
    expect(await documentIsMarked(page)).toBe(true);
  });

  test.describe('when the form beside them shows a problem', () => {
    test.use({ expectedFailedLoads: [/\/api\/enquiries$/] });

    test('they stay as they are: the form’s state never reaches them', async ({ page }) => {
      await page.route('**/api/enquiries', (route) =>
        route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
      );
      await page.goto('/how-it-works');
      await waitForHydration(page);
      const removals = await countRemovals(page, 'section[aria-labelledby="faq-heading"]');
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Email address').fill('ada@example.com');
      await page.getByRole('button', { name: 'Send my enquiry' }).click();
      // The post could not reach the server: the form says so, and the page's title starts with "Error:".
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expect(page).toHaveTitle(/^Error: /);
      await expect(page.getByRole('heading', { name: 'Questions, answered' })).toBeVisible();
      expect(await removals()).toBe(0);
      expect(await page.evaluate((mark) => performance.getEntriesByName(mark).length, deferredSectionMark)).toBe(0);
    });
  });
});
