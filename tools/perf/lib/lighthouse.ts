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

/** A run's figures by name. */
export type Figures = Record<string, number>;

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
