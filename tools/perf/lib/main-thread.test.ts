import { expect, test } from 'vitest';
import { bootLoaderStartMs, type TraceEvent } from './main-thread.ts';

const loader = 'http://127.0.0.1/assets/boot-loader-a1.js';
const main = { pid: 1, tid: 1 };
const worker = { pid: 1, tid: 2 };
const threadNames: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ...main, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ...worker, ts: 0, args: { name: 'ThreadPoolForegroundWorker' } },
];
/** A complete event on the main thread, times in ms. */
const on = (thread: typeof main, name: string, at: number, ms: number, running = ms, url?: string): TraceEvent => ({
  name,
  ph: 'X',
  ...thread,
  ts: at * 1000,
  dur: ms * 1000,
  tdur: running * 1000,
  args: url ? { data: { url } } : {},
});

test('the loader at start: its compilation, evaluation and calls, a nested call once, idle callbacks left out', () => {
  const trace = [
    ...threadNames,
    on(main, 'v8.compileModule', 10, 1, 1, loader),
    on(main, 'v8.evaluateModule', 12, 6, 4),
    on(main, 'FunctionCall', 30, 2, 2, loader),
    on(main, 'FunctionCall', 30.5, 1, 1, loader),
    on(main, 'FunctionCall', 40, 5, 5, 'http://127.0.0.1/assets/other.js'),
    on(main, 'FireIdleCallback', 50, 10),
    on(main, 'FunctionCall', 51, 8, 8, loader),
  ];
  expect(bootLoaderStartMs(trace, loader)).toEqual({ wall: 9, running: 7 });
});

test('a loader compiled on a worker as it streamed in costs the main thread its evaluation alone', () => {
  const trace = [
    ...threadNames,
    on(worker, 'v8.compileModule', 10, 3, 3, loader),
    on(main, 'v8.evaluateModule', 14, 5, 5),
  ];
  expect(bootLoaderStartMs(trace, loader)).toEqual({ wall: 5, running: 5 });
});

test('a trace that left the compilation out counts the first evaluation on the thread that calls the loader', () => {
  const trace = [
    ...threadNames,
    on(main, 'v8.evaluateModule', 12, 6, 4),
    on(main, 'FunctionCall', 30, 2, 2, loader),
    // An island's module, evaluated once it wakes.
    on(main, 'v8.evaluateModule', 40, 9, 9),
  ];
  expect(bootLoaderStartMs(trace, loader)).toEqual({ wall: 8, running: 6 });
});

test('a trace without the loader is an error, not a zero', () => {
  expect(() => bootLoaderStartMs(threadNames, loader)).toThrow(/no compilation/);
});

test('a trace that lost the loader’s evaluation cannot be read, rather than counting its calls alone', () => {
  const trace = [...threadNames, on(main, 'FunctionCall', 30, 2, 2, loader)];
  expect(() => bootLoaderStartMs(trace, loader)).toThrow(/no evaluation/);
});
