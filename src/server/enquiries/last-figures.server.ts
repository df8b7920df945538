/**
 * Figures /healthz shows that are read from the store (delivery figures): read again once older than `cacheMs`,
 * one read at a time, and never waited on for more than `waitMs`. A database that hangs or answers slowly gets the
 * last figures read, with their age, while the read goes on in the background (a load balancer's health check gives
 * up after 1 to 5 s); a read that failed, or has gone unanswered for `unansweredMs` (the database's connect
 * timeout), says the store cannot be reached.
 */
export interface LastFigures<T> {
  /** The figures, from the cache while fresh; rejects when the read fails. */
  read(): Promise<T>;
  /** What /healthz shows: the last figures read (none until the first read) and their age, answered at once. */
  latest(): Promise<{ figures?: T; ageSeconds?: number; unreachable: boolean }>;
}

export function lastFigures<T>(
  readStore: () => Promise<T>,
  { cacheMs, waitMs = 100, unansweredMs = 5_000 }: { cacheMs: number; waitMs?: number; unansweredMs?: number },
): LastFigures<T> {
  /** The last figures read, and when (the wall clock, for their age). */
  let last: { at: number; figures: T } | undefined;
  let reading: Promise<T> | undefined;
  /** When the last read started (a monotonic clock: a wall clock set back must not keep old figures). */
  let readStartedAt = -Infinity;
  let lastReadFailed = false;

  function read(): Promise<T> {
    if (reading) return reading;
    if (last && performance.now() - readStartedAt <= cacheMs && !lastReadFailed) return Promise.resolve(last.figures);
    readStartedAt = performance.now();
    const started = readStore().then(
      (figures) => {
        last = { at: Date.now(), figures };
        lastReadFailed = false;
        return figures;
      },
      (error: unknown) => {
        lastReadFailed = true;
        throw error;
      },
    );
    reading = started.finally(() => (reading = undefined));
    reading.catch(() => undefined);
    return reading;
  }

  async function latest() {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      read().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
    const unanswered = reading !== undefined && performance.now() - readStartedAt > unansweredMs;
    const unreachable = lastReadFailed || unanswered;
    if (!last) return { unreachable };
    return {
      figures: last.figures,
      ageSeconds: Math.max(0, Math.floor((Date.now() - last.at) / 1000)),
      unreachable,
    };
  }

  return { read, latest };
}
