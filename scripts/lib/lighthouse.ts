import type * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const score = (lhr: Result, category: (typeof categories)[number]) =>
  Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);

export const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** One Lighthouse run (mobile, simulated throttling), or undefined when Chromium recorded no usable trace twice. */
export async function lighthouseRun(chrome: chromeLauncher.LaunchedChrome, url: string): Promise<Result | undefined> {
  const run = () =>
    lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
  let result = await run();
  // Chromium now and then records no trace (NO_NAVSTART, NO_FCP); Lighthouse's advice is to run it again.
  if (result?.lhr.runtimeError) result = await run();
  const error = result?.lhr.runtimeError;
  if (!result || error) {
    console.log(`  Lighthouse could not measure ${url}: ${error ? `${error.code} ${error.message}` : 'no result'}`);
    return undefined;
  }
  return result.lhr;
}

/** A run's figures by name (TBT (ms), LCP (ms), …). */
export type Figures = Record<string, number>;

/** The figures a comparison of two builds prints for one Lighthouse run. */
export const comparedFigures = (lhr: Result): Figures => ({
  'TBT (ms)': Math.round(metric(lhr, 'total-blocking-time')),
  'LCP (ms)': Math.round(metric(lhr, 'largest-contentful-paint')),
  'FCP (ms)': Math.round(metric(lhr, 'first-contentful-paint')),
  Performance: score(lhr, 'performance'),
});

/**
 * `runs` measurements of each page on A and on B, alternated (A then B, then B then A: neither always runs right
 * after the other), so that the machine's drift hits both alike. A run that measured nothing is left out.
 */
export async function alternate(
  runs: number,
  pages: string[],
  origins: { a: string; b: string },
  measure: (url: string) => Promise<Figures | undefined>,
): Promise<Map<string, { a: Figures[]; b: Figures[] }>> {
  const results = new Map(pages.map((page) => [page, { a: [] as Figures[], b: [] as Figures[] }]));
  for (let i = 0; i < runs; i++) {
    for (const page of pages) {
      for (const side of i % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const)) {
        const figures = await measure(`${origins[side]}${page}`);
        if (figures) results.get(page)![side].push(figures);
      }
    }
  }
  return results;
}

/** Each page's table of medians and spreads of A and B, and every run: what a mechanism is kept or dropped on. */
export function printComparison(what: string, results: Map<string, { a: Figures[]; b: Figures[] }>): void {
  for (const [page, { a: figuresA, b: figuresB }] of results) {
    console.log(`${what}, ${page}: ${figuresA.length} runs of A and ${figuresB.length} of B, alternated.`);
    console.log('| figure | A median | A spread | B median | B spread | B − A |');
    console.log('|---|---|---|---|---|---|');
    for (const name of Object.keys(figuresA[0] ?? {})) {
      const a = figuresA.map((figures) => figures[name]!);
      const b = figuresB.map((figures) => figures[name]!);
      if (!a.length || !b.length) continue;
      const spread = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
      console.log(
        `| ${name} | ${median(a)} | ${spread(a)} | ${median(b)} | ${spread(b)} | ${Math.round((median(b) - median(a)) * 10) / 10} |`,
      );
      console.log(`  each run: A ${a.join(', ')}; B ${b.join(', ')}`);
    }
  }
}
