/**
 * The cluster (WEB_CONCURRENCY > 1): its primary, which supervises the serving workers, and what a worker asks of it.
 */
import { ClusterMemoryStorePrimary } from '@express-rate-limit/cluster-memory-store';
import cluster from 'node:cluster';
import { watchFile } from 'node:fs';
import type { Logger } from 'pino';
import type { Config } from './config.server.ts';
import { outageWarning } from './enquiries/fallback-rate-limit-store.server.ts';
import { readStoreText } from './store.server.ts';

interface LastGoodRequest {
  type: 'last-good-store';
  text?: string;
}
const isLastGood = (message: unknown): message is LastGoodRequest =>
  (message as LastGoodRequest | undefined)?.type === 'last-good-store';

interface SharedLimitsReport {
  type: 'enquiry-limits-shared';
  reachable: boolean;
}
const isSharedLimitsReport = (message: unknown): message is SharedLimitsReport =>
  (message as SharedLimitsReport | undefined)?.type === 'enquiry-limits-shared';

/**
 * WEB_CONCURRENCY > 1: this process only supervises. The store is read-only to the server, so each worker
 * loads, watches and serves its own copy; the workers share the listening socket. The primary also keeps the
 * text of the last good store it read, for a worker that starts while the file on disk is bad: that worker
 * serves it (degraded) rather than dying, so a bad edit plus a crash never takes the site down
 * (docs/decisions/last-good-store-in-primary.md).
 */
export function supervise({
  config,
  firstStore,
  logger,
  fail,
  shutdownTimeoutMs,
}: {
  config: Config;
  /** The text of the store the primary read at start. */
  firstStore: string;
  logger: Logger;
  /** Stops the process with one line (a worker that cannot start at all). */
  fail: (message: string) => never;
  /** How long a worker takes at most to finish its requests once told to stop. */
  shutdownTimeoutMs: number;
}): void {
  let stopping = false;
  let lastGood = firstStore;
  watchFile(config.dataFile, { interval: 500, persistent: false }, (curr, prev) => {
    if (curr.mtimeMs === prev.mtimeMs && curr.ctimeMs === prev.ctimeMs && curr.size === prev.size) return;
    // The workers say what is wrong with a bad file; the primary only keeps the good ones.
    readStoreText(config.dataFile).then(
      ({ text }) => (lastGood = text),
      () => {},
    );
  });
  // The workers say when the enquiry database stops (or starts) sharing the limits' counts; the instance warns once.
  const warnOutage = outageWarning(logger);
  cluster.on('message', (worker, message) => {
    if (isLastGood(message)) worker.send({ type: 'last-good-store', text: lastGood } satisfies LastGoodRequest);
    if (isSharedLimitsReport(message)) warnOutage(message.reachable);
  });

  const listening = new Set<number>();
  const firstStart = new Set<number>();
  let failedInARow = 0;
  // The enquiry rate limit's counts live here, so that they hold whichever worker a request reaches.
  new ClusterMemoryStorePrimary().init();
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    failedInARow = 0;
  });
  for (let i = 0; i < config.webConcurrency; i += 1) firstStart.add(cluster.fork().id);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const how = signal ? `with signal ${signal}` : `with status ${code}`;
    if (!listening.has(worker.id)) {
      // At first start, a worker that fails before it listens (port in use, say) would fail again: stop with it.
      if (firstStart.has(worker.id)) fail(`A worker exited ${how} before listening; stopping.`);
      // Later the others are serving: keep trying, more slowly each time, rather than take them down.
      failedInARow += 1;
      const delayMs = Math.min(30_000, 500 * 2 ** (failedInARow - 1));
      logger.error(`Worker ${worker.process.pid} exited ${how} before listening; starting another in ${delayMs} ms`);
      // Not unref'd: while every worker is down, this timer is what keeps the primary alive.
      setTimeout(() => stopping || cluster.fork(), delayMs);
      return;
    }
    logger.error(`Worker ${worker.process.pid} exited ${how}; starting another`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: stopping ${config.webConcurrency} workers`);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), shutdownTimeoutMs + 1_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/**
 * In a cluster worker: given, request by request, whether the enquiry database shared the limits' counts, tells the
 * primary each time that changes (see supervise).
 */
export function sharedLimitsToPrimary(): (reachable: boolean) => void {
  let last = true;
  return (reachable) => {
    if (reachable === last) return;
    last = reachable;
    process.send?.({ type: 'enquiry-limits-shared', reachable } satisfies SharedLimitsReport);
  };
}

/** A cluster worker asks the primary for the last good store it read (see supervise). */
export function lastGoodFromPrimary(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isLastGood(message)) return;
      process.off('message', onMessage);
      resolve(message.text);
    };
    process.on('message', onMessage);
    process.send?.({ type: 'last-good-store' } satisfies LastGoodRequest);
  });
}
