import { gaPort } from '../playwright.config.ts';
import { expect, test, waitForSettled, waitForIdle } from './fixtures/test.ts';
import { sitePages } from './fixtures/site-pages.ts';

/**
 * A link to another page loads it in full, with a new dataLayer: the page being left hands its events to the next
 * through the tab's storage, so that a test can read them there.
 */
const keepCtaClicksOnLeaving = () =>
  addEventListener('pagehide', () => sessionStorage.setItem('left-page-cta-clicks', JSON.stringify(ctaClicks())));

/** The cta_click events of the page left last (see keepCtaClicksOnLeaving). */
const leftPageCtaClicks = () => JSON.parse(sessionStorage.getItem('left-page-cta-clicks') ?? '[]') as unknown[];

function ctaClicks() {
  return (window.dataLayer ?? [])
    .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[0] === 'event' && args[1] === 'cta_click');
}

const ctaClick = (label: string) => ['event', 'cta_click', { event_category: 'CTA', event_label: label, value: 1 }];
const heroConsult = ctaClick('hero-book-free-consult');
const comparePlans = ctaClick('hero-compare-plans');

test.describe('analytics', () => {
  test('window.dataLayer and window.gtag exist without a GA measurement id', async ({ page }) => {
    await page.goto('/');
    await waitForSettled(page);
    expect(await page.evaluate(() => Array.isArray(window.dataLayer) && typeof window.gtag === 'function')).toBe(true);
  });

  test('clicking a call to action pushes cta_click with its label onto dataLayer', async ({ page }) => {
    await page.addInitScript(`(${keepCtaClicksOnLeaving.toString()})(); ${ctaClicks.toString()}`);
    await page.goto('/');
    await waitForSettled(page);
    await page.getByRole('link', { name: 'Compare Plans' }).click();
    expect(await page.evaluate(ctaClicks)).toEqual([
      ['event', 'cta_click', { event_category: 'CTA', event_label: 'hero-compare-plans', value: 1 }],
    ]);
    await page.locator('section#services').getByRole('link', { name: 'Start with Local Launch' }).click();
    await expect(page).toHaveURL('/start-project?plan=local-launch');
    expect(await page.evaluate(leftPageCtaClicks)).toEqual([
      ['event', 'cta_click', { event_category: 'CTA', event_label: 'hero-compare-plans', value: 1 }],
      ['event', 'cta_click', { event_category: 'CTA', event_label: 'package-local-launch', value: 1 }],
    ]);
  });

  test('a click inside a call to action (on its icon) counts once, and other clicks not at all', async ({ page }) => {
    await page.goto('/');
    await waitForSettled(page);
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('link', { name: 'Compare Plans' }).locator('svg').click();
    expect(await page.evaluate(ctaClicks)).toEqual([
      ['event', 'cta_click', { event_category: 'CTA', event_label: 'hero-compare-plans', value: 1 }],
    ]);
  });

  test('every call to action on every page carries data-cta', async ({ page }) => {
    for (const path of [...sitePages.map((page) => page.path), '/start-project?plan=growth']) {
      await page.goto(path);
      const unlabelled = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLAnchorElement>(
            'a[href^="/start-project"], a[href="#services"], a[class*="btn-"]',
          ),
        ]
          // The blog's paging is not a call to action, and a post's own text is its writer's.
          .filter((link) => !link.dataset.cta && !link.closest('nav[aria-label="Pagination"], .prose-post'))
          .map((link) => link.outerHTML),
      );
      expect(unlabelled, path).toEqual([]);
    }
  });

  test('the mobile bar and header buttons send their own labels', async ({ page }) => {
    await page.addInitScript(`(${keepCtaClicksOnLeaving.toString()})(); ${ctaClicks.toString()}`);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/faq');
    await waitForSettled(page);
    await page.getByRole('complementary', { name: 'Book a free consult' }).getByRole('link').click();
    await expect(page).toHaveURL('/start-project');
    const labels = (await page.evaluate(leftPageCtaClicks)) as [string, string, { event_label: string }][];
    expect(labels.map((args) => args[2].event_label)).toEqual(['mobile-bar-book-free-consult']);
  });

  test('a tap as the page starts, before its analytics run, counts once, on that page or the next', async ({
    page,
  }) => {
    await page.addInitScript(`(${keepCtaClicksOnLeaving.toString()})(); ${ctaClicks.toString()}`);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('main').getByRole('link', { name: 'Book Free Consult' }).first().click();
    await expect(page).toHaveURL('/start-project');
    await waitForIdle(page);
    const sent = async () => [...(await page.evaluate(leftPageCtaClicks)), ...(await page.evaluate(ctaClicks))];
    await expect.poll(sent).toEqual([heroConsult]);
    // Once: the next page sends it no more.
    const sentOnStartProject = await page.evaluate(ctaClicks);
    await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/faq');
    await waitForIdle(page);
    expect(await page.evaluate(leftPageCtaClicks)).toEqual(sentOnStartProject);
    expect(await page.evaluate(ctaClicks)).toEqual([]);
  });

  test('with Google’s tag, a tap is sent once the tag is there, on this page or the next, and only once', async ({
    page,
  }) => {
    await page.addInitScript(`(${keepCtaClicksOnLeaving.toString()})(); ${ctaClicks.toString()}`);
    // Google's tag, stubbed, arrives only when the test lets it.
    let tagArrives: () => void = () => {};
    const tagHere = new Promise<void>((resolve) => (tagArrives = resolve));
    await page.route(/^https:\/\/www\.googletagmanager\.com\/gtag\/js/, async (route) => {
      await tagHere;
      await route.fulfill({ contentType: 'application/javascript', body: 'window.__gtagLoaded = true;' });
    });
    await page.goto(`http://localhost:${gaPort}/`);
    await waitForSettled(page);
    await page.getByRole('link', { name: 'Compare Plans' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Book Free Consult' }).first().click();
    await expect(page).toHaveURL(`http://localhost:${gaPort}/start-project`);
    // The page left had no tag yet: it sent neither tap, and left both for this one.
    expect(await page.evaluate(leftPageCtaClicks)).toEqual([]);
    await waitForSettled(page);
    expect(await page.evaluate(ctaClicks)).toEqual([]);
    tagArrives();
    await expect.poll(() => page.evaluate(ctaClicks)).toEqual([comparePlans, heroConsult]);
    await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(`http://localhost:${gaPort}/faq`);
    await waitForSettled(page);
    await expect.poll(() => page.evaluate(() => (window as { __gtagLoaded?: boolean }).__gtagLoaded)).toBe(true);
    expect(await page.evaluate(ctaClicks)).toEqual([]);
  });

  test('Google’s tag is not requested when no GA measurement id is set', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('googletagmanager.com')) requested.push(request.url());
    });
    await page.goto('/start-project');
    await waitForSettled(page);
    // Google's tag would be added once the browser is idle.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    await expect(page.locator('[data-form-status]')).toHaveAttribute('data-form-status', 'failed');
    expect(requested).toEqual([]);
    expect(await page.evaluate(() => window.dataLayer.length)).toBe(0);
  });
});
