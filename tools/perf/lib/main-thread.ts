import type { Browser } from '@playwright/test';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** What a page's own script costs a phone at its start, read from one traced load. */
export type StartCost = {
  /** The boot loader's own main-thread time at start (ms, CPU 4× slower): see `bootLoaderStartMs`. */
  loaderMs: number;
  /** Every script the page fetched with no input, gzipped (bytes). */
  scriptBytes: number;
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
}

/**
 * The boot loader's own main-thread time at start: its module's compilation and evaluation, and every call into its
 * code (each `FunctionCall` whose script is the loader: the callbacks it set for the page being shown, the first
 * paint, timers and events) from navigation to 2.5 s after the load event, with no input; except calls run in an
 * idle callback (`FireIdleCallback`), which the browser runs only when nothing else waits. A call inside another
 * counted one is counted once.
 */
export function bootLoaderStartMs(traceEvents: TraceEvent[], loaderUrl: string): number {
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = traceEvents
    .filter((event) => event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`))
    .sort((a, b) => a.ts - b.ts);
  const compiled = onMain.find((event) => event.name === 'v8.compileModule' && event.args?.data?.url === loaderUrl);
  if (!compiled) throw new Error(`the trace holds no compilation of ${loaderUrl}`);
  // A module is evaluated right after its compilation, in the same task: the first evaluation after the loader's.
  const evaluated = onMain.find((event) => event.name === 'v8.evaluateModule' && event.ts >= compiled.ts);
  const idle = onMain.filter((event) => event.name === 'FireIdleCallback');
  const inIdle = (event: TraceEvent) =>
    idle.some((callback) => event.ts >= callback.ts && event.ts < callback.ts + (callback.dur ?? 0));
  const calls = onMain.filter(
    (event) => event.name === 'FunctionCall' && event.args?.data?.url === loaderUrl && !inIdle(event),
  );
  let total = 0;
  let coveredUntil = -Infinity;
  for (const event of [compiled, ...(evaluated ? [evaluated] : []), ...calls].sort((a, b) => a.ts - b.ts)) {
    const end = event.ts + (event.dur ?? 0);
    if (end <= coveredUntil) continue;
    total += end - Math.max(event.ts, coveredUntil);
    coveredUntil = end;
  }
  return Math.round(total / 100) / 10;
}

/**
 * Loads `url` in a fresh 375 px tab with the CPU slowed 4× (Lighthouse's phone profile) under Chromium's tracing,
 * waits 2.5 s after its load event without any input, and reads the boot loader's time at start and the scripts
 * fetched. `loaderPath` is the boot loader's address on the server.
 */
export async function startCost(browser: Browser, url: string, loaderPath: string): Promise<StartCost> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const tracePath = path.join(tmpdir(), `start-cost-${process.pid}-${Date.now()}.json`);
  try {
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(
          response.body().then(
            (body) => gzipSync(body).length,
            () => 0,
          ),
        );
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      path: tracePath,
      categories: ['toplevel', 'v8', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(await readFile(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
    const scriptBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
    return { loaderMs: bootLoaderStartMs(traceEvents, new URL(loaderPath, url).href), scriptBytes };
  } finally {
    await context.close();
    await rm(tracePath, { force: true });
  }
}
