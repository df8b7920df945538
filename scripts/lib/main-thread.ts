import type { Browser } from '@playwright/test';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** How long a page keeps the main thread busy from navigation to 2.5 s after its load event. */
export type MainThreadCost = {
  /** Every task of the page's main thread, summed. */
  busyMs: number;
  /** Each task's part beyond 50 ms, summed, as Total Blocking Time counts it (from navigation, not first paint). */
  blockingMs: number;
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * Loads `url` in a fresh 375 px tab with the CPU slowed 4× (Lighthouse's phone profile) under Chromium's tracing,
 * and adds up the renderer main thread's tasks. Unlike Lighthouse's simulation, nothing is estimated: each task is
 * what the slowed CPU took, so a script's cost shows as the difference from the same page without it.
 */
export async function mainThreadCost(browser: Browser, url: string): Promise<MainThreadCost> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const tracePath = path.join(tmpdir(), `main-thread-${process.pid}-${Date.now()}.json`);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      path: tracePath,
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(await readFile(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
    const mainThreads = new Set(
      traceEvents
        .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
        .map((event) => `${event.pid}:${event.tid}`),
    );
    const tasks = traceEvents
      .filter((event) => event.ph === 'X' && event.name === 'RunTask' && mainThreads.has(`${event.pid}:${event.tid}`))
      .map((event) => (event.dur ?? 0) / 1000);
    // A trace in another shape (a renamed event or thread) would otherwise read as a page that costs nothing.
    if (!tasks.length) throw new Error(`the trace of ${url} holds no task of a renderer's main thread`);
    return {
      busyMs: Math.round(tasks.reduce((sum, ms) => sum + ms, 0)),
      blockingMs: Math.round(tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0)),
    };
  } finally {
    await context.close();
    await rm(tracePath, { force: true });
  }
}
