import { expect, test, waitForHydration } from './fixtures/test.ts';

function ctaClicks() {
  return window.dataLayer
    .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[0] === 'event' && args[1] === 'cta_click');
}

test.describe('analytics', () => {
  test('window.dataLayer and window.gtag exist without a GA measurement id', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    expect(await page.evaluate(() => Array.isArray(window.dataLayer) && typeof window.gtag === 'function')).toBe(true);
  });

  test('clicking a call to action pushes cta_click with its label onto dataLayer', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Compare Plans' }).click();
    expect(await page.evaluate(ctaClicks)).toEqual([
      ['event', 'cta_click', { event_category: 'CTA', event_label: 'hero-compare-plans', value: 1 }],
    ]);
    await page.getByRole('link', { name: 'Start with Local Launch' }).click();
    await expect(page).toHaveURL('/start-project?plan=local-launch');
    expect(await page.evaluate(ctaClicks)).toEqual([
      ['event', 'cta_click', { event_category: 'CTA', event_label: 'hero-compare-plans', value: 1 }],
      ['event', 'cta_click', { event_category: 'CTA', event_label: 'package-local-launch', value: 1 }],
    ]);
  });

  test('a click inside a call to action (on its icon) counts once, and other clicks not at all', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('link', { name: 'Compare Plans' }).locator('svg').click();
    expect(await page.evaluate(ctaClicks)).toEqual([
      ['event', 'cta_click', { event_category: 'CTA', event_label: 'hero-compare-plans', value: 1 }],
    ]);
  });

  test('every call to action on the marketing pages carries data-cta', async ({ page }) => {
    for (const path of ['/', '/services', '/how-it-works', '/about', '/faq', '/start-project?plan=growth']) {
      await page.goto(path);
      const unlabelled = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLAnchorElement>(
            'a[href^="/start-project"], a[href="#services"], a[class*="btn-"]',
          ),
        ]
          .filter((link) => !link.dataset.cta)
          .map((link) => link.outerHTML),
      );
      expect(unlabelled, path).toEqual([]);
    }
  });

  test('the mobile bar and header buttons send their own labels', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/faq');
    await waitForHydration(page);
    await page.getByRole('complementary', { name: 'Book a free consult' }).getByRole('link').click();
    await expect(page).toHaveURL('/start-project');
    expect((await page.evaluate(ctaClicks)).map((args) => (args[2] as { event_label: string }).event_label)).toEqual([
      'mobile-bar-book-free-consult',
    ]);
  });

  test('Google’s tag is not requested when no GA measurement id is set', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('googletagmanager.com')) requested.push(request.url());
    });
    await page.goto('/start-project');
    await waitForHydration(page);
    // Google's tag would be added once the browser is idle.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    await expect(page.locator('[data-form-status]')).toHaveAttribute('data-form-status', 'failed');
    expect(requested).toEqual([]);
    expect(await page.evaluate(() => window.dataLayer.length)).toBe(0);
  });
});
