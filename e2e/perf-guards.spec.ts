import type { Locator, Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { gaPort } from '../playwright.config.ts';
import { hubspotScript } from './fixtures/marketing.ts';
import { hydratedMark } from '../src/app/hydration-marks.ts';
import { sitePages } from './fixtures/site-pages.ts';
import { bootAssets, expect, isHydrated, test, waitForHydration, waitForIdle } from './fixtures/test.ts';

// Guards of the performance mechanisms that a visitor cannot see, one group per decision record in docs/decisions/
// (and the budgets of docs/performance.md). A failure here means a mechanism stopped working: read its record.
// The unit-level guards of the same records are in src/perf-guards.test.tsx.

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };

test.describe('boot-loader.md', () => {
  test('the page’s scripts are fetched only once its first contentful paint is on screen', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
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

  test('React, the app and the entry are evaluated one task each, so that a tap can be handled in between', async ({
    page,
  }) => {
    // A message posted as React's chunk finishes is handled in a task of its own. Its handler can only run before
    // the app's chunk is evaluated if the two are evaluated in separate tasks: one module graph is evaluated in one go.
    const append = (code: string) => async (route: import('@playwright/test').Route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\n${code}` });
    };
    await page.route(
      /\/assets\/react-[\w-]+\.js$/,
      append(
        '{ const channel = new MessageChannel(); channel.port1.onmessage = () => (globalThis.__afterReact = true); channel.port2.postMessage(0); }',
      ),
    );
    await page.route(
      /\/assets\/app-[\w-]+\.js$/,
      append('globalThis.__appAfterReactTask = globalThis.__afterReact === true;'),
    );
    await page.goto('/blog');
    await waitForHydration(page);
    expect(await page.evaluate(() => (globalThis as Record<string, unknown>).__appAfterReactTask)).toBe(true);
  });

  test('the form provider’s script and Google’s tag are fetched only once the page is interactive', async ({
    page,
  }) => {
    // Whether the page had hydrated when each outside script was asked for; both are stubbed, as outside hosts are
    // unreachable here.
    const hydratedAtRequest: Record<string, boolean> = {};
    const stub = (name: string) => async (route: import('@playwright/test').Route) => {
      hydratedAtRequest[name] = await isHydrated(page);
      await route.fulfill({ contentType: 'application/javascript', body: '' });
    };
    await page.route(hubspotScript, stub('form provider'));
    await page.route(/^https:\/\/www\.googletagmanager\.com\/gtag\/js/, stub('Google’s tag'));
    await page.setViewportSize({ width: 1280, height: 800 });
    // /services: the consult form is far below the first screen, so only idleness brings its script.
    await page.goto(`http://localhost:${gaPort}/services`);
    await expect.poll(() => Object.keys(hydratedAtRequest).sort()).toEqual(['Google’s tag', 'form provider']);
    expect(hydratedAtRequest).toEqual({ 'form provider': true, 'Google’s tag': true });
  });
});

test.describe('performance.md: budgets', () => {
  // Every script a page fetches as it loads, hydrates and idles (the loader, the entry's chunks, the route's, and
  // what they import later) at most 105 kB gzip, its stylesheet at most 20 kB gzip.
  const scriptBudget = 105_000;
  // Every page of the route table, and the states of a page that load other code or data.
  const pages = [...sitePages.map((page) => page.path), '/start-project?plan=growth', '/blog?page=2'];

  for (const viewport of [phone, desktop])
    test(`every page fetches at most 105 kB of gzipped script in all, and inlines at most 20 kB of CSS, at ${viewport.width}px`, async ({
      page,
    }) => {
      // A dozen pages, each loaded until idle: more than one page's time on a busy machine.
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      for (const path of pages) {
        const scripts = new Map<string, number>();
        const listener = async (response: import('@playwright/test').Response) => {
          const url = new URL(response.url());
          if (url.origin === new URL(page.url()).origin && url.pathname.endsWith('.js'))
            scripts.set(url.pathname, gzipSync(await response.body()).length);
        };
        page.on('response', listener);
        await page.goto(path);
        await waitForHydration(page);
        // Scrolled through, so that anything loaded on approach counts too, then idle.
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        await page.waitForLoadState('networkidle');
        await waitForIdle(page);
        page.off('response', listener);
        const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
        expect(scripts.size, `${path}: scripts fetched`).toBeGreaterThan(3);
        expect(total, `${path}: gzipped script, ${[...scripts.keys()].join(' ')}`).toBeLessThanOrEqual(scriptBudget);
        const css = (await page.locator('#site-css').textContent()) ?? '';
        expect(css.length, `${path}: the inlined stylesheet`).toBeGreaterThan(1000);
        expect(gzipSync(css).length, `${path}: gzipped CSS`).toBeLessThanOrEqual(20_000);
        // The page inlines its part of the stylesheet and applies the whole one once hydrated and idle: no other
        // stylesheet, and none fetched sooner, which would hold up the first paint or restyle the page as it
        // hydrates (a chunk that fetched the stylesheet again once cost 440 ms of TBT).
        const assets = await bootAssets(page);
        const stylesheets = await page.evaluate((hydrated) => {
          const at = performance.getEntriesByName(hydrated, 'mark')[0]!.startTime;
          return performance
            .getEntriesByType('resource')
            .filter((entry) => new URL(entry.name).pathname.endsWith('.css'))
            .map((entry) => ({ path: new URL(entry.name).pathname, afterHydration: entry.startTime >= at }));
        }, hydratedMark);
        expect(stylesheets.length, `${path}: stylesheets fetched`).toBeLessThanOrEqual(1);
        for (const stylesheet of stylesheets)
          expect(stylesheet, `${path}: the stylesheet fetched`).toEqual({
            path: assets.hydratedStyles[0],
            afterHydration: true,
          });
      }
    });
});

test.describe('server-parts.md', () => {
  test('the home page’s structured data is in its HTML, still there once hydrated, and built by none of its scripts', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(await response.text());
    });
    const html = await (await page.goto('/'))!.text();
    const written = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(written ?? 'null')).toMatchObject({ '@type': 'ProfessionalService' });
    await waitForIdle(page);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('script[type="application/ld+json"]').allTextContents()).toEqual([written]);
    await expect(page.getByRole('contentinfo').getByText('Serving Newcastle, NSW')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((script) => script.includes('ProfessionalService'))).toEqual([]);
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
      const cssSvg = await page.locator('#site-css').evaluate((style) => style.textContent?.includes('image/svg'));
      expect(cssSvg, `${path}: an SVG in the stylesheet`).toBe(false);
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

test.describe('dates-without-intl.md', () => {
  // The browser's first Intl.DateTimeFormat costs 15–35 ms of main thread (ICU loads its locale data): dates are
  // written by src/lib/format.ts instead, the same on the server.
  test('pages with dates never build a date formatter in the browser', async ({ page }) => {
    await page.addInitScript(() => {
      const original = Intl.DateTimeFormat;
      const counted = new Proxy(original, {
        construct(target, args: Parameters<typeof Intl.DateTimeFormat>) {
          (globalThis as { __dateFormatters?: number }).__dateFormatters =
            ((globalThis as { __dateFormatters?: number }).__dateFormatters ?? 0) + 1;
          return new target(...args);
        },
      });
      Intl.DateTimeFormat = counted;
    });
    for (const path of ['/blog', '/blog/google-business-profile-newcastle']) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (globalThis as { __dateFormatters?: number }).__dateFormatters ?? 0), path).toBe(
        0,
      );
    }
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

  test('on a phone, the home page’s later sections are laid out as they near the screen, and Compare Plans still lands on the packages', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await waitForHydration(page);
    const faqHeading = page.getByRole('heading', { name: 'Questions, answered' });
    expect(await isRendered(faqHeading)).toBe(false);
    await page.getByRole('link', { name: 'Compare Plans' }).click();
    // The smooth scroll ends with the packages' top at their scroll margin (5rem), not past it.
    await expect
      .poll(() => page.locator('#services').evaluate((section) => Math.round(section.getBoundingClientRect().top)))
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
        await waitForHydration(page);
        const height = () => page.evaluate(() => document.documentElement.scrollHeight);
        const before = await height();
        await scrollThrough(page);
        expect(Math.abs((await height()) - before)).toBeLessThanOrEqual(150);
      });
});
