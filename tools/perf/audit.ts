/**
 * npm run audit [-- --no-build] [--runs N] [--page /path …]
 *
 * The site's performance check, against the production build, on /, /blog, a post and /start-project (or each
 * --page given). A report, not a test; the figures go into docs/performance.md.
 *
 * 1. Lighthouse (mobile, simulated throttling) in Debian's Chromium, each page as served and as its twin: the same
 *    HTML with its scripts removed, served by a proxy in front of the same server (lib/script-free-proxy.ts). The
 *    two are audited in turn (A B, then B A), so that the machine's drift hits both alike, N runs each (5 unless
 *    told), and the medians of Performance, TBT, FCP and LCP are printed with every run's Performance and TBT: what
 *    the page's scripts cost beyond the page itself. Goal: within 2 points and 100 ms of TBT of the twin.
 * 2. Each page loaded in Chromium with the CPU slowed 4×, traced, with no input (lib/main-thread.ts): the boot
 *    loader's own main-thread time at start (median of N, at least 5; goal ≤ 15 ms) and the script fetched, gzipped
 *    (goal ≤ 6 kB on content pages, ≤ 85 kB on /start-project).
 * The form provider and Google's tag are absent (no ids configured).
 */
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { PageAssets } from '../../src/browser/boot-data.ts';
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium.ts';
import { freePort, startServer } from '../../scripts/lib/server-process.ts';
import { alternate, lighthouseRun, median, metric, score, type Figures } from './lib/lighthouse.ts';
import { startCost, type StartCost } from './lib/main-thread.ts';
import { startScriptFreeProxy } from './lib/script-free-proxy.ts';

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    page: { type: 'string', multiple: true },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number of at least 1, not ${options.runs}`);
if (!options['no-build']) execSync('npm run build', { stdio: 'ignore' });

const pages = options.page ?? ['/', '/blog', '/blog/google-business-profile-newcastle', '/start-project'];
const goals = { points: 2, tbtMs: 100, loaderMs: 15, contentScriptBytes: 6_000, consultScriptBytes: 85_000 };
const scriptBudget = (page: string) =>
  page.startsWith('/start-project') ? goals.consultScriptBytes : goals.contentScriptBytes;

// SITE_URL names the server itself: without one, production asks search engines not to index the site.
const port = await freePort();
const server = await startServer({
  PORT: String(port),
  DATA_FILE: 'data/db.json',
  SITE_URL: `http://127.0.0.1:${port}`,
});
const proxy = await startScriptFreeProxy(server.url);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});

/** One figure of a page's runs as served (a) and as its twin (b): every run's value, and the median of each. */
function servedAndTwin({ a, b }: { a: Figures[]; b: Figures[] }, name: string) {
  const [served, twin] = [a, b].map((side) => side.map((figures) => figures[name]!)) as [number[], number[]];
  return { runs: served, twinRuns: twin, median: median(served), twinMedian: median(twin) };
}

try {
  const results = await alternate(runs, pages, { a: server.url, b: proxy.url }, async (url) => {
    const lhr = await lighthouseRun(chrome, url);
    return (
      lhr && {
        performance: score(lhr, 'performance'),
        tbt: Math.round(metric(lhr, 'total-blocking-time')),
        fcp: Math.round(metric(lhr, 'first-contentful-paint')),
        lcp: Math.round(metric(lhr, 'largest-contentful-paint')),
      }
    );
  });
  console.log(`Lighthouse, mobile: each page as served and as its script-free twin, in turn, ${runs} runs each.`);
  console.log(
    '| page | Performance (runs) | twin (runs) | TBT (runs) | TBT twin | FCP | FCP twin | LCP | LCP twin | within 2 points, 100 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [page, result] of results) {
    const [performance, tbt, fcp, lcp] = ['performance', 'tbt', 'fcp', 'lcp'].map((name) =>
      servedAndTwin(result, name),
    ) as [ReturnType<typeof servedAndTwin>, ...ReturnType<typeof servedAndTwin>[]];
    const met =
      performance.median >= performance.twinMedian - goals.points && tbt!.median <= tbt!.twinMedian + goals.tbtMs;
    console.log(
      `| ${page} | ${performance.median} (${performance.runs.join(', ')}) | ` +
        `${performance.twinMedian} (${performance.twinRuns.join(', ')}) | ` +
        `${tbt!.median} ms (${tbt!.runs.join(', ')}) | ${tbt!.twinMedian} ms | ` +
        `${fcp!.median} ms | ${fcp!.twinMedian} ms | ${lcp!.median} ms | ${lcp!.twinMedian} ms | ${met ? 'yes' : 'no'} |`,
    );
  }

  const traceRuns = Math.max(runs, 5);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    console.log(
      `\nThe boot loader at start, CPU 4× slower, no input, ${traceRuns} loads of each page in turn ` +
        `(its compilation, evaluation and calls into it, idle callbacks excepted: tools/perf/lib/main-thread.ts).`,
    );
    console.log(
      '| page | boot loader at start (runs) | ≤ 15 ms | of it, running (runs) | script fetched, gzip | within budget |',
    );
    console.log('|---|---|---|---|---|---|');
    const costs = new Map(pages.map((page) => [page, [] as StartCost[]]));
    for (let i = 0; i < traceRuns; i++) {
      for (const page of pages) {
        const url = `${server.url}${page}`;
        costs.get(page)!.push(await startCost(browser, url, await loaderPath(url)));
      }
    }
    for (const [page, loads] of costs) {
      const loaderMs = loads.map((load) => load.loaderMs);
      const loaderRunningMs = loads.map((load) => load.loaderRunningMs);
      const bytes = Math.max(...loads.map((load) => load.scriptBytes));
      console.log(
        `| ${page} | ${median(loaderMs)} ms (${loaderMs.join(', ')}) | ${median(loaderMs) <= goals.loaderMs ? 'yes' : 'no'} | ` +
          `${median(loaderRunningMs)} ms (${loaderRunningMs.join(', ')}) | ` +
          `${(bytes / 1000).toFixed(1)} kB | ${bytes <= scriptBudget(page) ? 'yes' : 'no'} (≤ ${scriptBudget(page) / 1000} kB) |`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  chrome.kill();
  await proxy.stop();
  await server.stop();
}

/** The boot loader's address, from the page's boot data. */
async function loaderPath(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  const json = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`${url} has no boot data`);
  return (JSON.parse(json) as { assets: PageAssets }).assets.loader;
}
