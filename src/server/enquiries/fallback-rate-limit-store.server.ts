import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Logger } from 'pino';

/**
 * A limit's count kept where every instance shares it (the enquiry database), and by the instance alone, with the
 * same window, while that cannot be reached: an outage turns a limit into one per instance, never into none. The
 * instance's count is `local`: the cluster's primary when there are several workers (one count for all of them),
 * else the process's memory. `onShared(false)` is called as each request falls back, `onShared(true)` as the shared
 * count answers again.
 */
export class FallbackRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix?: string;

  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly onShared: (reachable: boolean) => void,
  ) {
    this.prefix = shared.prefix;
  }

  async init(options: Options): Promise<void> {
    await this.local.init?.(options);
    await this.shared.init?.(options);
  }

  private async either<T>(shared: () => Promise<T> | T, local: () => Promise<T> | T): Promise<T> {
    let answer: T;
    try {
      answer = await shared();
    } catch {
      this.onShared(false);
      return local();
    }
    this.onShared(true);
    return answer;
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.either(
      () => this.shared.increment(key),
      () => this.local.increment(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.either(
      () => this.shared.decrement(key),
      () => this.local.decrement(key),
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.local.resetKey(key);
    await this.either(
      () => this.shared.resetKey(key),
      () => undefined,
    );
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either(
      async () => this.shared.get?.(key),
      async () => this.local.get?.(key),
    );
  }
}

/**
 * Given, request by request, whether the shared count answered, warns once as an outage begins: one line per outage
 * for the process that holds it (the primary for a cluster's workers).
 */
export function outageWarning(logger: Pick<Logger, 'warn'>): (reachable: boolean) => void {
  let alone = false;
  return (reachable) => {
    if (!reachable && !alone) {
      logger.warn(
        'The enquiry database cannot be reached: enquiry limits are counted by this instance alone until it returns',
      );
    }
    alone = !reachable;
  };
}
