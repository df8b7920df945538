/**
 * npm run audit [-- --no-build] [--runs N] [--twin [--page /path …]]
 *
 * Lighthouse (mobile, simulated throttling) in Debian's Chromium against the production build, for /, /blog
 * and a post. A single Lighthouse run varies from one run to the next, so, as Lighthouse's documentation on
 * variability and Lighthouse CI advise, each page is audited N times (5 unless told) and the table gives each
 * figure's median across the runs. Every run's Performance score, TBT and LCP are printed under it, and the
 * LCP element and the audits that fall short come from Lighthouse's own median run (computeMedianRun).
 * The form provider and Google's tag are absent (no ids configured). A report, not a test.
 *
 * With --twin (3 runs unless told), each of /, /blog, a post and /start-project is audited as served and as its
 * twin: the same HTML with its scripts removed, served by a proxy in front of the same server
 * (scripts/lib/script-free-proxy.ts). The two are audited in turn, so that the machine's drift hits both alike, and
 * both medians of Performance and TBT are printed: what the page's scripts cost beyond the page itself. Goal: within
 * 2 points and 100 ms of TBT of the twin. Lighthouse's figures swing by up to 15 points from one run to the next here, so
 * a second table times the same pages and twins without its simulation: each loaded in turn in Chromium with the
 * CPU slowed 4×, the main thread's tasks added up from a trace (scripts/lib/main-thread.ts), at least 5 runs each.
 */
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { chromiumArgs, chromiumPath } from './lib/chromium.ts';
import { alternate, categories, lighthouseRun, median, metric, score, type Figures } from './lib/lighthouse.ts';
import { mainThreadCost } from './lib/main-thread.ts';
import { startScriptFreeProxy } from './lib/script-free-proxy.ts';
import { startServer } from './lib/server-process.ts';

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string' },
    twin: { type: 'boolean', default: false },
    page: { type: 'string', multiple: true },
  },
});
const runs = Number(options.runs ?? (options.twin ? '3' : '5'));
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number of at least 1, not ${options.runs}`);
if (!options['no-build']) execSync('npm run build', { stdio: 'ignore' });

/** The site's performance targets, which the medians are checked against. */
const targets = { performance: 100, lcpMs: 1500, tbtMs: 50, cls: 0 };
const pages = ['/', '/blog', '/blog/google-business-profile-newcastle'];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const targetsText = `Performance ${targets.performance}, LCP ≤ ${seconds(targets.lcpMs)}, TBT ≤ ${targets.tbtMs} ms, CLS ${targets.cls}`;

// SITE_URL names the server itself: without one, production asks search engines not to index the site, and
// Lighthouse's SEO score would measure that warning rather than the pages.
const server = await startServer({ PORT: '3510', DATA_FILE: 'data/db.json', SITE_URL: 'http://127.0.0.1:3510' });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});

const audit = (page: string) => lighthouseRun(chrome, `${server.url}${page}`);

/** One figure of a page's runs as served (a) and as its twin (b): every run's value, and the median of each. */
function servedAndTwin({ a, b }: { a: Figures[]; b: Figures[] }, name: string) {
  const [runs, twinRuns] = [a, b].map((side) => side.map((figures) => figures[name]!)) as [number[], number[]];
  return { runs, twinRuns, median: median(runs), twinMedian: median(twinRuns) };
}

/** Each page as served (A) and as its script-free twin (B), in turn; both medians of Performance and TBT. */
async function auditTwins(): Promise<void> {
  const twinPages = options.page ?? [...pages, '/start-project'];
  const proxy = await startScriptFreeProxy(server.url);
  try {
    const results = await alternate(runs, twinPages, { a: server.url, b: proxy.url }, async (url) => {
      const lhr = await lighthouseRun(chrome, url);
      return lhr && { performance: score(lhr, 'performance'), tbt: Math.round(metric(lhr, 'total-blocking-time')) };
    });
    console.log(`Lighthouse, mobile: each page as served and without its scripts, in turn, ${runs} runs each.`);
    console.log('| page | Performance (runs) | twin (runs) | TBT | TBT twin | within 2 points, 100 ms |');
    console.log('|---|---|---|---|---|---|');
    for (const [page, result] of results) {
      const [performance, tbt] = [servedAndTwin(result, 'performance'), servedAndTwin(result, 'tbt')];
      const met = performance.median >= performance.twinMedian - 2 && tbt.median <= tbt.twinMedian + 100;
      console.log(
        `| ${page} | ${performance.median} (${performance.runs.join(', ')}) | ` +
          `${performance.twinMedian} (${performance.twinRuns.join(', ')}) | ` +
          `${tbt.median} ms | ${tbt.twinMedian} ms | ${met ? 'yes' : 'no'} |`,
      );
    }
    const traceRuns = Math.max(runs, 5);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const costs = await alternate(traceRuns, twinPages, { a: server.url, b: proxy.url }, (url) =>
        mainThreadCost(browser, url),
      );
      console.log(
        `\nThe main thread in Chromium, CPU 4× slower, from navigation to 2.5 s after load, ${traceRuns} runs each, in turn.`,
      );
      console.log('| page | busy | twin | blocking (each task beyond 50 ms) | twin | blocking, each run | twin |');
      console.log('|---|---|---|---|---|---|---|');
      for (const [page, result] of costs) {
        const [busy, blocking] = [servedAndTwin(result, 'busyMs'), servedAndTwin(result, 'blockingMs')];
        console.log(
          `| ${page} | ${busy.median} ms | ${busy.twinMedian} ms | ${blocking.median} ms | ${blocking.twinMedian} ms | ` +
            `${blocking.runs.join(', ')} | ${blocking.twinRuns.join(', ')} |`,
        );
      }
    } finally {
      await browser.close();
    }
  } finally {
    await proxy.stop();
  }
}

if (options.twin) {
  try {
    await auditTwins();
  } finally {
    chrome.kill();
    await server.stop();
  }
  process.exit(0);
}

const missed: string[] = [];
console.log(`Lighthouse, mobile: the median of ${runs} run${runs === 1 ? '' : 's'} of each page.`);
console.log('| page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS |');
console.log('|---|---|---|---|---|---|---|---|');
try {
  for (const page of pages) {
    const results: Result[] = [];
    for (let i = 0; i < runs; i++) {
      const lhr = await audit(page);
      if (lhr) results.push(lhr);
    }
    if (!results.length) {
      missed.push(`${page}: not measured`);
      continue;
    }
    const scores = categories.map((category) => median(results.map((lhr) => score(lhr, category))));
    const lcp = median(results.map((lhr) => metric(lhr, 'largest-contentful-paint')));
    const tbt = median(results.map((lhr) => metric(lhr, 'total-blocking-time')));
    const cls = median(results.map((lhr) => metric(lhr, 'cumulative-layout-shift')));
    console.log(`| ${page} | ${scores.join(' | ')} | ${seconds(lcp)} | ${Math.round(tbt)} ms | ${cls} |`);
    console.log(
      `  each run: Performance ${results.map((lhr) => score(lhr, 'performance')).join(', ')}; ` +
        `TBT ${results.map((lhr) => Math.round(metric(lhr, 'total-blocking-time'))).join(', ')} ms; ` +
        `LCP ${results.map((lhr) => (metric(lhr, 'largest-contentful-paint') / 1000).toFixed(1)).join(', ')} s`,
    );
    if (scores[0]! < targets.performance) missed.push(`${page}: Performance ${scores[0]}`);
    if (lcp > targets.lcpMs) missed.push(`${page}: LCP ${seconds(lcp)}`);
    if (tbt > targets.tbtMs) missed.push(`${page}: TBT ${Math.round(tbt)} ms`);
    if (cls > targets.cls) missed.push(`${page}: CLS ${cls}`);

    const { audits, categories: medianCategories }: Result = computeMedianRun(results);
    const lcpElement = audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] } | undefined;
    const [element, phases] = lcpElement?.items ?? [];
    const snippet = element?.items?.[0]?.node?.snippet;
    if (snippet) console.log(`  LCP element: ${snippet.slice(0, 120)}`);
    for (const phase of phases?.items ?? [])
      if (phase.phase) console.log(`    ${phase.phase}: ${Math.round(phase.timing ?? 0)} ms`);
    for (const category of Object.values(medianCategories)) {
      const failing = category.auditRefs
        .map((ref) => audits[ref.id])
        .filter(
          (audit) =>
            audit &&
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual',
        );
      for (const audit of failing)
        if (category.id !== 'performance' || audit!.score! < 0.9)
          console.log(`  - ${category.id}: ${audit!.id} (${audit!.score})`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.log(
  missed.length
    ? `Targets missed (${targetsText}): ${missed.join('; ')}`
    : `Every page meets the targets: ${targetsText}.`,
);
