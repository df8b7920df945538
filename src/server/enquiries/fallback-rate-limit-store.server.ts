import {
  MemoryStore,
  type ClientRateLimitInfo,
  type IncrementResponse,
  type Options,
  type Store,
} from 'express-rate-limit';

/**
 * A limit's count kept where every instance shares it (the enquiry database), and in this process's memory, with the
 * same window, while that cannot be reached: an outage turns a limit into one per instance, never into none.
 * `onShared(false)` is called as each request falls back, `onShared(true)` as the shared count answers again.
 */
export class FallbackRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix?: string;
  private readonly local = new MemoryStore();

  constructor(
    private readonly shared: Store,
    private readonly onShared: (reachable: boolean) => void,
  ) {
    this.prefix = shared.prefix;
  }

  async init(options: Options): Promise<void> {
    this.local.init(options);
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
      () => this.local.get(key),
    );
  }
}
