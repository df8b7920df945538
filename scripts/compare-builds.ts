/**
 * npx tsx scripts/compare-builds.ts --variant <name> [--runs N] [--page /path ...] [--no-build] [--server]
 *
 * Whether a performance mechanism still pays: builds the current code (A) and the code without the mechanism (B)
 * into .dist-compare-a and .dist-compare-b, starts both, and alternates N Lighthouse runs (mobile, simulated
 * throttling) of each on the pages where the mechanism matters (or each --page given), so that the machine's drift hits both alike. It
 * prints each build's median and spread (lowest–highest) of TBT, LCP and Performance, and every run. Keep a
 * mechanism only if the difference of the medians is larger than the spreads; write the figures into its
 * decision record in docs/decisions/ either way. Run it on a quiet machine: Lighthouse multiplies the CPU time
 * it observes.
 *
 * With --server it measures the server instead: both builds render every request (RENDER_CACHE=off) and each run
 * is 5 s of autocannon (10 connections) on the page, so the figures are uncached renders per second and latency.
 *
 * B is made by patching the source files for the length of its build; they are restored afterwards, and the
 * script stops with the variant's name if a patch no longer matches the code.
 */
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromiumArgs, chromiumPath } from './lib/chromium.ts';
import { alternate, comparedFigures, lighthouseRun, printComparison, type Figures } from './lib/lighthouse.ts';
import { freePort, startServer } from './lib/server-process.ts';

interface Variant {
  /** What B lacks. */
  description: string;
  /** The pages where the mechanism matters. */
  pages: string[];
  /** Source edits that make B: in each file, each `from` (which must occur) becomes `to`. */
  patches: Record<string, [from: string, to: string][]>;
}

const variants: Record<string, Variant> = {
  'no-inline-stylesheet': {
    description:
      'no stylesheet at all (unstyled pages): not a build to ship, but the most any cut of the inline stylesheet could gain',
    pages: ['/', '/blog', '/blog/google-business-profile-newcastle'],
    patches: {
      'src/server/assets.server.ts': [[".join('\\n');", ".join('\\n').slice(0, 0);"]],
    },
  },
  'per-page-stylesheet': {
    description: 'the whole stylesheet inlined in every page (as before), rather than each page’s part of it',
    pages: ['/', '/blog', '/blog/google-business-profile-newcastle'],
    patches: {
      'src/server/page-stylesheet.server.ts': [['const at = html.indexOf(whole);', 'const at = -1;']],
      'src/server/assets.server.ts': [
        ['hydratedStyles: linkStyles ? [] : styles.map((href) => `/${href}`),', 'hydratedStyles: [],'],
      ],
    },
  },
};

const { values: options } = parseArgs({
  options: {
    variant: { type: 'string' },
    runs: { type: 'string', default: '10' },
    page: { type: 'string', multiple: true },
    'no-build': { type: 'boolean', default: false },
    server: { type: 'boolean', default: false },
  },
});
const variant = variants[options.variant ?? ''];
if (!variant)
  throw new Error(`--variant must be one of ${Object.keys(variants).join(', ')} (got ${options.variant ?? 'none'})`);
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number of at least 1, not ${options.runs}`);
const pages = options.page ?? variant.pages;
const dist = { a: '.dist-compare-a', b: '.dist-compare-b' };

function build(outDir: string) {
  execSync(
    `npx vite build --outDir ${outDir}/client --emptyOutDir && npx vite build --ssr --outDir ${outDir}/server --emptyOutDir`,
    { stdio: 'ignore' },
  );
}

/** Builds with the variant's patches applied, then puts every file back as it was. */
function buildWithout(name: string, { patches }: Variant, outDir: string) {
  const originals = new Map<string, string>();
  try {
    for (const [file, edits] of Object.entries(patches)) {
      const original = readFileSync(file, 'utf8');
      let patched = original;
      for (const [from, to] of edits) {
        if (!patched.includes(from))
          throw new Error(`variant ${name}: ${file} no longer contains ${JSON.stringify(from)}`);
        patched = patched.replace(from, to);
      }
      originals.set(file, original);
      writeFileSync(file, patched);
    }
    build(outDir);
  } finally {
    for (const [file, original] of originals) writeFileSync(file, original);
  }
}

if (!options['no-build']) {
  execSync('npx tsx scripts/responsive-images.ts', { stdio: 'ignore' });
  build(dist.a);
  buildWithout(options.variant!, variant, dist.b);
}

const serverEnv = { DATA_FILE: 'data/db.json', ...(options.server ? { RENDER_CACHE: 'off' } : {}) };
const servers = {
  a: await startServer({ PORT: String(await freePort()), ...serverEnv }, `${dist.a}/server/server.js`),
  b: await startServer({ PORT: String(await freePort()), ...serverEnv }, `${dist.b}/server/server.js`),
};

/** One run against a build: Lighthouse in Chromium, or with --server, a short load of uncached renders. */
async function measure(url: string): Promise<Figures | undefined> {
  if (options.server) {
    // A second of warm-up first, so that no run measures a cold start (as npm run bench does).
    await autocannon({ url, connections: 10, duration: 1 });
    const result = await autocannon({ url, connections: 10, duration: 5 });
    if (result.errors || result.non2xx)
      throw new Error(`${url}: ${result.errors} errors and ${result.non2xx} non-2xx answers; the figures would lie`);
    return { 'renders/s': Math.round(result.requests.average), 'p50 (ms)': result.latency.p50 };
  }
  const lhr = await lighthouseRun(chrome!, url);
  return lhr && comparedFigures(lhr);
}

const chrome = options.server
  ? undefined
  : await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs] });
const results = await alternate(runs, pages, { a: servers.a.url, b: servers.b.url }, measure).finally(() => {
  chrome?.kill();
  return Promise.all([servers.a.stop(), servers.b.stop()]);
});

console.log(`${options.variant}: A is the current build, B has ${variant.description}.`);
printComparison(options.server ? 'Server, uncached renders' : 'Lighthouse, mobile', results);
