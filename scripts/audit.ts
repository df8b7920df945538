/**
 * npm run audit [-- --no-build]
 *
 * Lighthouse (mobile, simulated throttling) in Debian's Chromium against the production build, for /, /blog
 * and a post: prints the Performance, Accessibility, Best Practices and SEO scores with LCP, TBT and CLS.
 * The form provider and Google's tag are absent (no ids configured). A report, not a test.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { execSync } from 'node:child_process';
import { chromiumArgs, chromiumPath } from './lib/chromium.ts';
import { startServer } from './lib/server-process.ts';

if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'ignore' });

const pages = ['/', '/blog', '/blog/google-business-profile-newcastle'];
const server = await startServer({ PORT: '3510', DATA_FILE: 'data/db.json' });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});

const percent = (score: number | null | undefined) =>
  score === null || score === undefined ? '–' : String(Math.round(score * 100));
console.log('| page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS |');
console.log('|---|---|---|---|---|---|---|---|');
try {
  for (const page of pages) {
    const run = () =>
      lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
    let result = await run();
    // Chromium now and then records no trace (NO_NAVSTART, NO_FCP); Lighthouse's advice is to run it again.
    if (result?.lhr.runtimeError) result = await run();
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError)
      console.log(`  Lighthouse could not measure ${page}: ${runtimeError.code} ${runtimeError.message}`);
    console.log(
      `| ${page} | ${percent(categories.performance?.score)} | ${percent(categories.accessibility?.score)} | ${percent(categories['best-practices']?.score)} | ${percent(categories.seo?.score)} | ${audits['largest-contentful-paint']?.displayValue} | ${audits['total-blocking-time']?.displayValue} | ${audits['cumulative-layout-shift']?.displayValue} |`,
    );
    const lcpElement = audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] } | undefined;
    const [element, phases] = lcpElement?.items ?? [];
    const snippet = element?.items?.[0]?.node?.snippet;
    if (snippet) console.log(`  LCP element: ${snippet.slice(0, 120)}`);
    for (const phase of phases?.items ?? [])
      if (phase.phase) console.log(`    ${phase.phase}: ${Math.round(phase.timing ?? 0)} ms`);
    for (const category of Object.values(categories)) {
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
