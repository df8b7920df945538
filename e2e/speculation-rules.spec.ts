import type { CDPSession, Page } from '@playwright/test';
import { gaPort, ownFormPort } from '../playwright.config.ts';
import { fillConsultForm } from './fixtures/enquiry-form.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

// The browser fetches pages ahead of a tap, as the site's speculation rules ask. Chromium does not prerender while
// DevTools is attached, so prefetching is what these tests watch (CDP's Preload domain); a prerendered page's
// waiting until it is shown is checked with `document.prerendering` as the browser sets it.

interface PrefetchStatus {
  url: string;
  status: string;
  prefetchStatus: string;
}

/**
 * Every prefetch status Chromium reports for the tab, from now on, in order, and the addresses (path and query)
 * requested with `Sec-Purpose`: the browser makes those requests itself, unseen by Playwright's request events.
 */
async function watchSpeculation(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const prefetches: PrefetchStatus[] = [];
  const speculative: string[] = [];
  cdp.on('Preload.prefetchStatusUpdated', (event) =>
    prefetches.push({
      url: new URL(event.prefetchUrl).pathname,
      status: event.status,
      prefetchStatus: event.prefetchStatus,
    }),
  );
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    const purpose = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'sec-purpose');
    if (!purpose) return;
    const url = new URL(request.url);
    speculative.push(`${url.pathname}${url.search}`);
  });
  await cdp.send('Preload.enable');
  await cdp.send('Network.enable');
  return { prefetches, speculative };
}

const statusesOf = (statuses: PrefetchStatus[], path: string) =>
  statuses.filter((status) => status.url === path).map((status) => status.status);

test('a page that has loaded fetches /start-project ahead, and a call to action’s tap uses what it fetched', async ({
  page,
}) => {
  const { prefetches, speculative } = await watchSpeculation(page);
  await page.goto('/faq');
  // Nothing is hovered or tapped: the page asks for it as soon as it has loaded.
  await expect.poll(() => statusesOf(prefetches, '/start-project')).toContain('Ready');
  expect(speculative).toContain('/start-project');
  await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
  await expect(page).toHaveURL('/start-project');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book your free 15-minute consult');
  await expect
    .poll(() => prefetches.filter((status) => status.url === '/start-project').at(-1))
    .toMatchObject({ status: 'Success', prefetchStatus: 'PrefetchResponseUsed' });
});

test('a package button arrives with its plan, though /start-project was fetched ahead', async ({ page }) => {
  const { prefetches } = await watchSpeculation(page);
  await page.goto('/services');
  await expect.poll(() => statusesOf(prefetches, '/start-project')).toContain('Ready');
  await waitForSettled(page);
  await page.getByRole('link', { name: 'Start with Growth Partner' }).click();
  await expect(page).toHaveURL('/start-project?plan=growth');
  await expect(page.getByText("You've chosen: Growth Partner")).toBeVisible();
});

test('the API, previews, /thank-you, files and addresses with a query are never requested ahead', async ({ page }) => {
  const { prefetches, speculative } = await watchSpeculation(page);
  await page.goto('/blog');
  await waitForSettled(page);
  const never = [
    '/api/blog/posts',
    '/blog/preview/a-draft',
    '/thank-you',
    '/rss.xml',
    '/blog?page=2',
    '/start-project?plan=growth',
  ];
  // Links a visitor points at and presses (intent), which do not navigate; the last one is a page that is fetched.
  await page.evaluate(
    (paths) => {
      const list = document.createElement('ul');
      list.setAttribute('aria-label', 'Links pressed');
      for (const path of paths) {
        const link = Object.assign(document.createElement('a'), { href: path, textContent: `Link to ${path}` });
        link.addEventListener('click', (event) => event.preventDefault());
        const item = document.createElement('li');
        item.append(link);
        list.append(item);
      }
      document.querySelector('main')!.prepend(list);
    },
    [...never, '/about'],
  );
  for (const path of [...never, '/about']) {
    await page.getByRole('link', { name: `Link to ${path}`, exact: true }).hover();
    await page.mouse.down();
    await page.mouse.up();
  }
  await expect.poll(() => statusesOf(prefetches, '/about')).toContain('Ready');
  expect(speculative).toContain('/about');
  for (const path of never) expect(speculative, path).not.toContain(path);
  expect(prefetches.map((status) => status.url).filter((url) => !['/about', '/start-project'].includes(url))).toEqual(
    [],
  );
});

test('a preview link’s page fetches nothing ahead', async ({ page }) => {
  const { speculative } = await watchSpeculation(page);
  const answer = await page.goto('/blog/preview/not-a-real-token');
  expect(answer?.status()).toBe(404);
  expect(answer?.headers()['speculation-rules']).toBeUndefined();
  await page.getByRole('link', { name: 'Go Back to Blog' }).hover();
  await page.mouse.down();
  await page.mouse.up();
  await expect(page).toHaveURL('/blog');
  // The blog's own rules then fetch the consult page; nothing was fetched from the preview.
  expect(speculative).not.toContain('/blog');
});

/**
 * Makes `/start-project` a page the browser prerenders: `document.prerendering` is true there until
 * `showPrerenderedPage()` fires `prerenderingchange`, as the browser does when the visitor taps through to it.
 */
const prerenderConsultPage = (page: Page) =>
  page.addInitScript(() => {
    let shown = location.pathname !== '/start-project';
    Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => !shown });
    Object.assign(window, {
      showPrerenderedPage: () => {
        shown = true;
        document.dispatchEvent(new Event('prerenderingchange'));
      },
    });
  });

const showPrerenderedPage = (page: Page) =>
  page.evaluate(() => (window as unknown as { showPrerenderedPage: () => void }).showPrerenderedPage());

/** Resolves once the page has painted and every task its first paint started has run. */
const afterFirstPaintTasks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((entries, observer) => {
          if (!entries.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          setTimeout(() => setTimeout(resolve, 0), 0);
        }).observe({ type: 'paint', buffered: true });
      }),
  );

/** The page's own scripts that this document has fetched, but for the boot loader. */
const scriptsFetched = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.endsWith('.js'))
    .map((url) => url.pathname)
    .filter((path) => !/\/boot-loader-/.test(path));

const pageViews = () =>
  (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[0] === 'config');

test.describe('a prerendered page', () => {
  test('sends no analytics and records no visit until it is shown, then each once', async ({ page }) => {
    // Google's tag, stubbed, arrives once the prerendered page is shown: the tap waits for it, on neither page sent.
    let tagArrives: () => void = () => {};
    const tagHere = new Promise<void>((resolve) => (tagArrives = resolve));
    await page.route(/^https:\/\/www\.googletagmanager\.com\/gtag\/js/, async (route) => {
      await tagHere;
      await route.fulfill({ contentType: 'application/javascript', body: '' }).catch(() => {});
    });
    await prerenderConsultPage(page);
    await page.goto(`http://localhost:${gaPort}/faq?utm_source=newsletter`);
    await waitForSettled(page);
    await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
    await expect(page).toHaveURL(`http://localhost:${gaPort}/start-project`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book your free 15-minute consult');
    await page.waitForLoadState('load');
    await afterFirstPaintTasks(page);
    // Unseen: only the boot loader ran, and it waits; the tap on the last page is still waiting to be sent.
    expect(await page.evaluate(scriptsFetched)).toEqual([]);
    // The boot loader defines dataLayer and gtag as it starts, but nothing is queued until the page is shown.
    expect(await page.evaluate(() => window.dataLayer)).toEqual([]);
    const recorded = () => page.evaluate(() => localStorage.getItem('attribution'));
    const before = await recorded();
    expect(JSON.parse(before ?? '{}')).not.toHaveProperty('cta');

    await showPrerenderedPage(page);
    await waitForSettled(page);
    tagArrives();
    await expect.poll(() => page.evaluate(pageViews)).toHaveLength(1);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (window.dataLayer ?? [])
              .map((entry) => Array.from(entry as ArrayLike<unknown>))
              .filter((args) => args[0] === 'event' && args[1] === 'cta_click').length,
        ),
      )
      .toBe(1);
    await expect
      .poll(async () => JSON.parse((await recorded()) ?? '{}') as { cta?: string })
      .toMatchObject({
        first: { landingPath: '/faq', utm_source: 'newsletter' },
        cta: expect.any(String),
      });
  });

  test.describe('with the site’s own form', () => {
    test.use({ baseURL: `http://localhost:${ownFormPort}` });

    test('restores the draft only once it is shown: what was typed up to the tap, focus in the same field', async ({
      page,
    }) => {
      await prerenderConsultPage(page);
      await page.goto('/faq');
      await waitForSettled(page);
      const form = await fillConsultForm(page, { firstname: 'Jane', message: 'A new website' });
      // A tap that leaves the focus where the visitor was typing, as a phone's tap on the bar does.
      await page.getByRole('link', { name: 'Book Free Consult' }).first().dispatchEvent('click');
      await expect(page).toHaveURL('/start-project');
      await page.waitForLoadState('load');
      await afterFirstPaintTasks(page);
      const firstName = form.getByLabel('First name', { exact: true });
      const message = form.getByLabel('What do you need? (optional)', { exact: true });
      await expect(firstName).toHaveValue('');
      await expect(message).not.toBeFocused();

      await showPrerenderedPage(page);
      await expect(firstName).toHaveValue('Jane');
      await expect(message).toHaveValue('A new website');
      await expect(message).toBeFocused();
      await waitForSettled(page);
      await message.press('End');
      await message.pressSequentially(' and more calls.');
      await expect(message).toHaveValue('A new website and more calls.');
    });
  });
});
