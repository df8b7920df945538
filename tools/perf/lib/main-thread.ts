import type { Browser } from '@playwright/test';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** What a page's own script costs a phone at its start, read from one traced load. */
export type StartCost = {
  /** The boot loader's own main-thread time at start (ms, CPU 4× slower): see `bootLoaderStartMs`. */
  loaderMs: number;
  /** Of it, the time the thread ran: the rest it waited, for another process on a busy machine or for the browser. */
  loaderRunningMs: number;
  /** Every script the page fetched with no input, gzipped (bytes). */
  scriptBytes: number;
};

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The time the thread ran within `dur`. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
}

/** A traced load that lacks what is measured: the load is taken again. */
export class MissingFromTrace extends Error {}

/**
 * The boot loader's own main-thread time at start: its module's compilation and evaluation, and every call into its
 * code (each `FunctionCall` whose script is the loader: the callbacks it set for the page being shown, the first
 * paint, timers and events) from navigation to 2.5 s after the load event, with no input; except calls run in an
 * idle callback (`FireIdleCallback`), which the browser runs only when nothing else waits. A call inside another
 * counted one is counted once. With it, the part of that time the thread ran (its thread time).
 */
export function bootLoaderStartMs(traceEvents: TraceEvent[], loaderUrl: string): { wall: number; running: number } {
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = traceEvents
    .filter((event) => event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`))
    .sort((a, b) => a.ts - b.ts);
  const idle = onMain.filter((event) => event.name === 'FireIdleCallback');
  const inIdle = (event: TraceEvent) =>
    idle.some((callback) => event.ts >= callback.ts && event.ts < callback.ts + (callback.dur ?? 0));
  const calls = onMain.filter(
    (event) => event.name === 'FunctionCall' && event.args?.data?.url === loaderUrl && !inIdle(event),
  );
  // Compiled as it streams in, on the main thread or, as Chromium may choose, on a worker: then it costs the main
  // thread nothing, and marks only where the evaluation follows. Chromium now and then leaves the compilation out of
  // the trace: the loader, the page's first module, is then the first evaluation on the thread that calls into it.
  const compiled = traceEvents
    .filter((event) => event.name === 'v8.compileModule' && event.args?.data?.url === loaderUrl)
    .sort((a, b) => a.ts - b.ts)[0];
  const firstCall = calls[0];
  if (!compiled && !firstCall)
    throw new MissingFromTrace(`the trace holds no compilation of ${loaderUrl}, nor a call into it`);
  const compiledOnMain = compiled !== undefined && onMain.includes(compiled);
  const evaluations = onMain.filter((event) => event.name === 'v8.evaluateModule');
  const evaluated = compiled
    ? evaluations.find((event) => event.ts >= compiled.ts)
    : evaluations.find((event) => event.pid === firstCall!.pid && event.tid === firstCall!.tid);
  // Chromium now and then leaves a load's evaluation out of the trace: that load cannot be read.
  if (!evaluated) throw new MissingFromTrace(`the trace holds no evaluation of ${loaderUrl}`);
  const counted = [...(compiledOnMain ? [compiled!] : []), evaluated, ...calls];
  let wall = 0;
  let running = 0;
  let coveredUntil = -Infinity;
  for (const event of counted.sort((a, b) => a.ts - b.ts)) {
    const duration = event.dur ?? 0;
    const end = event.ts + duration;
    if (end <= coveredUntil) continue;
    const uncovered = end - Math.max(event.ts, coveredUntil);
    wall += uncovered;
    running += duration ? ((event.tdur ?? duration) * uncovered) / duration : 0;
    coveredUntil = end;
  }
  const ms = (microseconds: number) => Math.round(microseconds / 100) / 10;
  return { wall: ms(wall), running: ms(running) };
}

/**
 * Loads `url` in a fresh 375 px tab with the CPU slowed 4× (Lighthouse's phone profile) under Chromium's tracing,
 * waits 2.5 s after its load event without any input, and reads the boot loader's time at start and the scripts
 * fetched. `loaderPath` is the boot loader's address on the server. A load whose trace lacks the loader's evaluation
 * is taken again, up to three times.
 */
export async function startCost(browser: Browser, url: string, loaderPath: string): Promise<StartCost> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tracedLoad(browser, url, loaderPath);
    } catch (error) {
      if (!(error instanceof MissingFromTrace) || attempt === 3) throw error;
    }
  }
}

async function tracedLoad(browser: Browser, url: string, loaderPath: string): Promise<StartCost> {
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
      categories: ['toplevel', 'v8', 'devtools.timeline'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(await readFile(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
    const scriptBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
    const loader = bootLoaderStartMs(traceEvents, new URL(loaderPath, url).href);
    return { loaderMs: loader.wall, loaderRunningMs: loader.running, scriptBytes };
  } finally {
    await context.close();
    await rm(tracePath, { force: true });
  }
}
