import type { Locator, Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { gaPort } from '../playwright.config.ts';
import { hubspotScript } from './fixtures/marketing.ts';
import { islandHydratedMark } from '../src/browser/marks.ts';
import { sitePages } from './fixtures/site-pages.ts';
import { bootAssets, expect, isOutsideUrl, test, waitForSettled, waitForIdle, waitForIsland } from './fixtures/test.ts';

// Guards of the performance mechanisms that a visitor cannot see, one group per decision record in docs/decisions/
// (and the budgets of docs/performance.md). A failure here means a mechanism stopped working: read its record.
// The unit-level guards of the same records are in src/perf-guards.test.tsx.

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };

/**
 * Records every script of the site the page fetches: its path at once, as the response arrives, and its gzipped size
 * once its body is read, which may finish after the page has moved on (await `sizes()`).
 */
function recordScripts(page: Page) {
  const paths = new Set<string>();
  const reads: Promise<[string, number]>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (isOutsideUrl(response.url()) || !url.pathname.endsWith('.js')) return;
    paths.add(url.pathname);
    reads.push(response.body().then((body) => [url.pathname, gzipSync(body).length]));
  });
  return { paths, sizes: async () => new Map(await Promise.all(reads)) };
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);
const isLoader = (path: string) => /\/boot-loader-[\w-]+\.js$/.test(path);

test.describe('islands.md', () => {
  test('an island’s scripts are fetched only once the page’s first contentful paint is on screen', async ({ page }) => {
    // /start-project: the form is on the first screen, and this server has HubSpot ids, so it wakes at once.
    await page.goto('/start-project');
    await waitForIsland(page, 'consult-form');
    const { firstPaint, firstChunk } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      firstChunk: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\/assets\/[\w-]+\.js$/.test(entry.name) && !/boot-loader/.test(entry.name))
        .map((entry) => entry.startTime)
        .sort((a, b) => a - b)[0],
    }));
    expect(firstPaint).toBeGreaterThan(0);
    expect(firstChunk).toBeGreaterThanOrEqual(firstPaint!);
  });

  test('Google’s tag is fetched once the page is idle, the form provider’s script only once the form nears the screen', async ({
    page,
  }) => {
    // Whether the form's island had hydrated when each outside script was asked for; both are stubbed, as outside
    // hosts are unreachable here.
    const formAwakeAtRequest: Record<string, boolean> = {};
    const stub = (name: string) => async (route: import('@playwright/test').Route) => {
      formAwakeAtRequest[name] = await page.evaluate(
        (mark) => performance.getEntriesByName(mark, 'mark').length > 0,
        islandHydratedMark('consult-form'),
      );
      await route.fulfill({ contentType: 'application/javascript', body: '' });
    };
    await page.route(hubspotScript, stub('form provider'));
    await page.route(/^https:\/\/www\.googletagmanager\.com\/gtag\/js/, stub('Google’s tag'));
    await page.setViewportSize({ width: 1280, height: 800 });
    // /services: the consult form is far below the first screen.
    await page.goto(`http://localhost:${gaPort}/services`);
    await expect.poll(() => Object.keys(formAwakeAtRequest)).toEqual(['Google’s tag']);
    expect(formAwakeAtRequest).toEqual({ 'Google’s tag': false });
    await page.locator('#consult').scrollIntoViewIfNeeded();
    await expect.poll(() => Object.keys(formAwakeAtRequest).sort()).toEqual(['Google’s tag', 'form provider']);
    expect(formAwakeAtRequest['form provider']).toBe(true);
  });

  test('a page without an island on its first screen fetches React only after a scroll or an input', async ({
    page,
  }) => {
    for (const { path, form } of sitePages.filter((sitePage) => sitePage.path !== '/start-project')) {
      page.removeAllListeners('response');
      const scripts = recordScripts(page);
      await page.goto(path);
      await waitForIdle(page);
      await page.waitForLoadState('networkidle');
      expect(
        [...scripts.paths].filter((script) => !isLoader(script)),
        `${path}: scripts before a scroll`,
      ).toEqual([]);
      if (!form) continue;
      await page.locator('#consult').scrollIntoViewIfNeeded();
      await waitForIsland(page, 'consult-form');
      await expect.poll(() => scripts.paths.size, `${path}: scripts once the form nears the screen`).toBeGreaterThan(1);
    }
  });
});

test.describe('performance.md: budgets', () => {
  // Script fetched before any interaction or scroll, gzipped: the boot loader alone on every page but the consult
  // page, whose form is on its first screen: with this server's HubSpot ids it wakes at once (without, its code is
  // fetched ahead all the same).
  const budget = (path: string) => (path.startsWith('/start-project') ? 85_000 : 6_000);
  // Every page of the route table, and the states of a page that load other code or data.
  const pages = [...sitePages.map((page) => page.path), '/start-project?plan=growth', '/blog?page=2'];

  // One width: a page's scripts depend on its width only through where its form stands, and at 375 and 1280 px every
  // page fetched the same scripts (2026-11-28), so a second pass loaded every page again to learn nothing.
  test(`every page fetches at most 6 kB of gzipped script before an input (85 kB on /start-project), and links one stylesheet of at most 20 kB gzipped, at ${phone.width}px`, async ({
    page,
  }) => {
    // A dozen pages, each loaded until idle: more than one page's time on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize(phone);
    for (const path of pages) {
      const scripts = recordScripts(page);
      await page.goto(path);
      await waitForSettled(page);
      await page.waitForLoadState('networkidle');
      await waitForIdle(page);
      page.removeAllListeners('response');
      const sizes = await scripts.sizes();
      expect(total(sizes), `${path}: gzipped script, ${[...sizes.keys()].join(' ')}`).toBeLessThanOrEqual(budget(path));
      // One stylesheet, the same built file on every page, linked in the head; nothing inline.
      const assets = await bootAssets(page);
      const linked = await page
        .locator('link[rel="stylesheet"]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      expect(linked, `${path}: stylesheets linked`).toEqual(assets.styles);
      expect(assets.styles, `${path}: stylesheets`).toEqual([expect.stringMatching(/^\/assets\/.+\.css$/)]);
      expect(await page.locator('style').count(), `${path}: inline stylesheets`).toBe(0);
      const css = await (await page.request.get(assets.styles[0]!)).text();
      expect(gzipSync(css).length, `${path}: gzipped CSS`).toBeLessThanOrEqual(20_000);
      const stylesheets = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((pathname) => pathname.endsWith('.css')),
      );
      expect(stylesheets, `${path}: stylesheets fetched`).toEqual(assets.styles);
    }
  });
});

test.describe('icons.md', () => {
  // An SVG image (a favicon, or a data: URL in the stylesheet) makes the browser build an SVG document on the main
  // thread as the page loads; icons are inline <svg> elements instead, and the packages' check marks CSS borders.
  test('pages carry no SVG image: the favicon is a PNG and the check marks are drawn by CSS', async ({ page }) => {
    const svgImages: string[] = [];
    page.on('response', (response) => {
      if ((response.headers()['content-type'] ?? '').includes('image/svg')) svgImages.push(response.url());
    });
    for (const path of ['/', '/services', '/blog', '/blog/google-business-profile-newcastle']) {
      await page.goto(path);
      const icons = await page
        .locator('link[rel="icon"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      expect(icons, path).toEqual([expect.stringMatching(/\/favicon-32\.png$/)]);
      const [stylesheet] = (await bootAssets(page)).styles;
      const css = await (await page.request.get(stylesheet!)).text();
      expect(css.includes('image/svg'), `${path}: an SVG in the stylesheet`).toBe(false);
    }
    await page.goto('/services');
    const bullet = await page
      .locator('.check-item')
      .first()
      .evaluate((item) => {
        const style = getComputedStyle(item, '::before');
        return { mask: style.maskImage, border: style.borderBottomWidth, transform: style.transform };
      });
    expect(bullet.mask).toBe('none');
    expect(bullet.border).toBe('2px');
    expect(bullet.transform).not.toBe('none');
    expect(svgImages).toEqual([]);
  });
});

test.describe('content-visibility.md', () => {
  /**
   * False while the browser skips the element's style and layout (content-visibility: auto, off screen). The browser
   * decides what is near the screen once per frame, so after a scroll this is polled.
   */
  const isRendered = (element: Locator) =>
    element.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
  /** Scrolls down the whole page and back, half a screen at a time, so that everything is laid out once. */
  const scrollThrough = (page: Page) =>
    page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight / 2) {
        window.scrollTo({ top, behavior: 'instant' });
        await frame();
        await frame();
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
      await frame();
    });

  test('on a phone, the home page’s later sections are laid out as they near the screen, and Compare Plans still lands on the comparison', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await waitForSettled(page);
    const faqHeading = page.getByRole('heading', { name: 'Questions, answered' });
    expect(await isRendered(faqHeading)).toBe(false);
    await page.getByRole('link', { name: 'Compare Plans' }).click();
    // The smooth scroll ends with the comparison's top at its scroll margin (5rem), not past it, although the
    // sections above it were laid out only as the scroll passed them.
    await expect
      .poll(() => page.locator('#compare').evaluate((section) => Math.round(section.getBoundingClientRect().top)))
      .toBe(80);
    await faqHeading.scrollIntoViewIfNeeded();
    await expect.poll(() => isRendered(faqHeading)).toBe(true);
  });

  for (const viewport of [phone, desktop])
    for (const path of ['/', '/blog', '/faq'])
      test(`${path} keeps its height within 150px once all of it is laid out, at ${viewport.width}px`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await waitForSettled(page);
        const height = () => page.evaluate(() => document.documentElement.scrollHeight);
        const before = await height();
        await scrollThrough(page);
        expect(Math.abs((await height()) - before)).toBeLessThanOrEqual(150);
      });
});
