/**
 * npm run audit:interactions [-- --no-build] [--runs N] [--dist <folder>]
 *
 * How fast the site answers a visitor on a phone: Chromium with Lighthouse's phone profile (CPU 4× slower, 150 ms
 * round trips, 1.6 Mbit/s down, 750 kbit/s up, 375 px wide), against the production build.
 *
 * Navigation: from a click on a link to the next page's heading on screen, for the calls to action into
 * /start-project and for the header's links, beside a plain page load of the same page (the address typed in, with
 * the same cache). For a full page load the heading's time is the new page's first contentful paint (the heading
 * is in the server's HTML); for a page rendered in place, the frame after the heading changed. Goal: no slower
 * than the plain load. Interactions: the latency of the main interactions by the Event Timing API (the longest
 * event of the interaction, from input to the next paint, as INP counts it), goal ≤ 200 ms; below 16 ms the
 * browser reports none. Medians of N runs (3 unless told). `--dist` measures another build (for a before and
 * after). A report, not a test.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { chromiumArgs, chromiumPath } from './lib/chromium.ts';
import { median } from './lib/lighthouse.ts';
import { freePort, startServer } from './lib/server-process.ts';

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    dist: { type: 'string', default: 'dist' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number of at least 1, not ${options.runs}`);
if (!options['no-build'] && options.dist === 'dist') execSync('npm run build', { stdio: 'ignore' });

const goalMs = 200;
const port = await freePort();
const server = await startServer(
  {
    PORT: String(port),
    DATA_FILE: 'data/db.json',
    SITE_URL: `http://127.0.0.1:${port}`,
    ENQUIRIES_FILE: '.tmp/audit-interactions/enquiries.json',
    ENQUIRY_RATE_LIMIT: '1000',
  },
  `${options.dist}/server/server.js`,
);
const browser: Browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

/** A fresh tab with the phone profile, Event Timing recorded from the start of every page. */
async function phone(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: server.url });
  const page = await context.newPage();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('blockedbyclient'));
  await page.addInitScript(() => {
    // Each interaction's slowest event, kept in the tab's storage: a tap on a link leaves the page before it is read.
    new PerformanceObserver((list) => {
      const slowest = JSON.parse(sessionStorage.getItem('bench-interactions') ?? '{}') as Record<string, number>;
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        if (!entry.interactionId) continue;
        const id = `${performance.timeOrigin}-${entry.interactionId}`;
        slowest[id] = Math.max(slowest[id] ?? 0, entry.duration);
      }
      sessionStorage.setItem('bench-interactions', JSON.stringify(slowest));
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    // The moment of each click, kept across a full page load in the tab's storage.
    document.addEventListener(
      'click',
      (event) => sessionStorage.setItem('bench-click', String(performance.timeOrigin + event.timeStamp)),
      true,
    );
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** Loads `path`; once more if the browser dropped it for a navigation still under way (a released, held one). */
async function visit(page: Page, path: string) {
  try {
    await page.goto(path);
  } catch {
    await page.goto(path);
  }
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('hydrated', 'mark').length > 0, undefined, {
    timeout: 30_000,
  });

const heading = (page: Page) => page.locator('h1').first().textContent();

/** Watches the heading of the page on screen: the frame after it changes, as an epoch time. */
// A string: tsx would wrap a named function inside it with a helper the page does not have.
const watchHeading = (page: Page) =>
  page.evaluate(`{
    const before = document.querySelector('h1')?.textContent;
    new MutationObserver((_, observer) => {
      if (document.querySelector('h1')?.textContent === before) return;
      observer.disconnect();
      requestAnimationFrame(() => sessionStorage.setItem('bench-heading', String(performance.timeOrigin + performance.now())));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }`);

/** When the page on screen showed its heading (epoch ms): its first paint, or the frame after an in-place change. */
const headingShownAt = (page: Page) =>
  page.evaluate(() => {
    const inPlace = sessionStorage.getItem('bench-heading');
    if (inPlace && Number(inPlace) > performance.timeOrigin) return Number(inPlace);
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return paint ? performance.timeOrigin + paint.startTime : Number.NaN;
  });

async function waitForPaint(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
}

/** Click to heading, following the first link `selector` finds on `from` (in the header's menu if `menu`). */
async function navigation(page: Page, from: string, menu: boolean, selector: string, expected: string) {
  await visit(page, from);
  await hydrated(page);
  if (menu) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.evaluate(() => sessionStorage.clear());
  await watchHeading(page);
  await page.locator(selector).first().click();
  await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, expected, {
    timeout: 30_000,
  });
  await waitForPaint(page);
  const [clicked, shown] = await Promise.all([
    page.evaluate(() => Number(sessionStorage.getItem('bench-click'))),
    headingShownAt(page),
  ]);
  return shown - clicked;
}

async function plainLoad(page: Page, to: string) {
  await visit(page, to);
  await waitForPaint(page);
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
}

const page = await phone();
const ms = (value: number) => `${Math.round(value)} ms`;
try {
  const journeys: { name: string; from: string; menu?: boolean; selector: string; to: string }[] = [
    ...['/', '/services', '/about', '/faq', '/blog'].map((from) => ({
      name: `call to action on ${from}`,
      from,
      selector: ':is(main, aside) a[href="/start-project"]:visible',
      to: '/start-project',
    })),
    ...['/services', '/how-it-works', '/about', '/faq', '/blog'].map((to) => ({
      name: `header link from / to ${to}`,
      from: '/',
      // At phone width the header's links are in its menu.
      menu: true,
      selector: `#mobile-menu a[href="${to}"]`,
      to,
    })),
  ];
  console.log(`Navigation on the phone profile, median of ${runs} runs: click to the next page's heading.`);
  console.log('| link | click to heading | plain page load | difference |');
  console.log('|---|---|---|---|');
  for (const journey of journeys) {
    await visit(page, journey.to);
    const expected = (await heading(page)) ?? '';
    const clicks: number[] = [];
    const loads: number[] = [];
    for (let i = 0; i < runs; i++) {
      clicks.push(await navigation(page, journey.from, Boolean(journey.menu), journey.selector, expected));
      await visit(page, journey.from);
      loads.push(await plainLoad(page, journey.to));
    }
    const [click, load] = [median(clicks), median(loads)];
    console.log(`| ${journey.name} | ${ms(click)} | ${ms(load)} | ${click - load > 0 ? '+' : ''}${ms(click - load)} |`);
  }

  const recorded = () =>
    page
      .evaluate(() => Object.values(JSON.parse(sessionStorage.getItem('bench-interactions') ?? '{}') as number[]))
      // The page is being replaced: ask the next one.
      .catch(() => [] as number[]);
  /** The slowest event of the interaction that `act` causes, by the Event Timing API (0 when below 16 ms). */
  const latency = async (act: () => Promise<void>) => {
    await page.evaluate(() => sessionStorage.removeItem('bench-interactions'));
    await act();
    // Entries come after the next paint (a link's, on the page being left); one faster than 16 ms gives none.
    await page.waitForLoadState('load');
    for (const deadline = Date.now() + 2_000; Date.now() < deadline && !(await recorded()).length;) {
      await page.waitForLoadState('load');
    }
    return Math.max(0, ...(await recorded()));
  };
  /** A tap on the first element `selector` finds, without waiting for the navigation it starts. */
  const tap = async (selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    if (!box) throw new Error(`${selector} is not on screen`);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };
  const interactions: { name: string; path: string; act: () => Promise<void> }[] = [
    { name: 'opening the mobile menu', path: '/', act: () => page.getByRole('button', { name: 'Open menu' }).click() },
    { name: 'a FAQ toggle', path: '/faq', act: () => page.locator('main summary').first().click() },
    {
      name: 'a call to action (Book Free Consult)',
      path: '/faq',
      act: () => tap('aside a[href="/start-project"]'),
    },
    {
      name: 'sending the form',
      path: '/start-project',
      act: async () => {
        await page.getByLabel('First name', { exact: true }).fill('Benchmark');
        await page.getByLabel('Email address', { exact: true }).fill('benchmark@example.com');
        // The server refuses a form younger than 3 s (a bot's speed).
        await page.waitForFunction(() => performance.now() > 3500);
        await page.getByRole('button', { name: 'Send my enquiry' }).click();
      },
    },
    {
      name: 'the blog’s next page',
      path: '/blog',
      act: () => tap('nav[aria-label="Pagination"] a[rel="next"]'),
    },
  ];
  console.log(`\nInteractions on the phone profile, median of ${runs} runs (goal ≤ ${goalMs} ms).`);
  console.log('| interaction | latency | goal met |');
  console.log('|---|---|---|');
  for (const { name, path, act } of interactions) {
    const figures: number[] = [];
    for (let i = 0; i < runs; i++) {
      await visit(page, path);
      await hydrated(page);
      figures.push(await latency(act));
    }
    const value = median(figures);
    console.log(`| ${name} | ${value ? ms(value) : '< 16 ms'} | ${value <= goalMs ? 'yes' : 'no'} |`);
  }
} finally {
  await browser.close();
  await server.stop();
}
