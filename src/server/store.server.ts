import { unwatchFile, watchFile } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { BlogSource } from '../lib/blog-types.ts';
import { BlogIndex } from './blog-index.server.ts';
import { LocalImageCatalog, type LocalImages } from './body-images.server.ts';
import { describeStoreError, storeSchema, type StoreData } from '../lib/store-schema.ts';

export class StoreError extends Error {
  constructor(
    message: string,
    /** There is no file at all (as opposed to a file that is not a valid store). */
    readonly notFound = false,
    /** What is wrong in words fit for the public /healthz: no path, no detail from the file. */
    readonly summary = notFound ? 'the blog store file is missing' : 'the blog store cannot be read',
  ) {
    super(message);
  }
}

/** Validates a store's text; the message names the file and the problem. */
export function parseStore(file: string, text: string): StoreData {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StoreError(
      `${file}: not valid JSON (${(error as Error).message})`,
      false,
      'the blog store is not valid JSON',
    );
  }
  const result = storeSchema.safeParse(json);
  if (!result.success) {
    throw new StoreError(`${file}: ${describeStoreError(result.error)}`, false, 'the blog store has an invalid entry');
  }
  return result.data;
}

/** Reads and validates the store without ever writing to it, keeping the text it was read from. */
export async function readStoreText(file: string): Promise<{ text: string; data: StoreData }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') throw new StoreError(`${file}: file not found`, true);
    throw new StoreError(`${file}: ${message}`);
  }
  return { text, data: parseStore(file, text) };
}

/** Reads and validates the store without ever writing to it. The message names the file and the problem. */
export async function readStore(file: string): Promise<StoreData> {
  return (await readStoreText(file)).data;
}

export type StoreHealth = { status: 'ok' } | { status: 'degraded'; reason: string };

export interface OpenOptions {
  /**
   * The last good store's text from elsewhere (a cluster's primary), for a process started while the file on
   * disk is bad: it serves that and reports itself degraded, instead of failing to start.
   */
  lastGood?: () => Promise<string | undefined>;
  /** Where the site's own images are (`public/`): the size of each one a post shows is read at every load. */
  publicDir?: string;
}

export interface StoreLogger {
  info(message: string): void;
  error(message: string): void;
}

// setTimeout cannot wait longer than this; a later publish time is simply re-checked when it fires.
const maxTimerDelay = 2 ** 31 - 1;
/** How often the file's stat is polled for a change: an edit shows within half a second. */
const watchIntervalMs = 500;

/**
 * The blog's data for the running server: loaded once at start, reloaded when the file changes on disk
 * (a bad edit is logged and the last good data kept), and re-indexed when a scheduled post comes due.
 * Why: docs/decisions/store-reload.md
 */
export class BlogStore {
  private current: BlogIndex;
  private dueTimer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(index: BlogIndex) => void>();
  private watching = false;
  private currentHealth: StoreHealth = { status: 'ok' };
  /** The detail of the problem last logged, so that each distinct one is logged once. */
  private lastProblem?: string;

  private constructor(
    readonly file: string,
    private data: StoreData,
    private readonly logger: StoreLogger,
    private readonly catalog: LocalImageCatalog,
    private images: LocalImages,
  ) {
    this.current = new BlogIndex(data, 1, Date.now(), images);
    this.scheduleNextDue();
  }

  static async open(
    file: string,
    logger: StoreLogger,
    { lastGood, publicDir = 'public' }: OpenOptions = {},
  ): Promise<BlogStore> {
    const catalog = new LocalImageCatalog(publicDir);
    const withImages = async (data: StoreData) =>
      new BlogStore(file, data, logger, catalog, await catalog.load(data.posts.map((post) => post.content)));
    try {
      return await withImages(await readStore(file));
    } catch (error) {
      const text = error instanceof StoreError && lastGood ? await lastGood() : undefined;
      if (text === undefined) throw error;
      const store = await withImages(parseStore(`${file} (last good copy)`, text));
      store.degrade(error);
      return store;
    }
  }

  /** Whether the file on disk could be read last time it changed: if not, the last good data is being served. */
  get health(): StoreHealth {
    return this.currentHealth;
  }

  get index(): BlogIndex {
    return this.current;
  }

  readonly source: BlogSource = {
    categories: async () => this.current.categories,
    posts: async (params) => this.current.listPosts(params),
    post: async (slug) => {
      const post = this.current.post(slug);
      if (!post) throw new Error('Post not found');
      return post;
    },
    featured: async (limit, related) => this.current.featured(limit, related),
    // The public view shows no preview: only a verified link's own source does (src/server/preview-route.server.ts).
    preview: async () => {
      throw new Error('Post not found');
    },
  };

  onChange(listener: (index: BlogIndex) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  watch(): void {
    if (this.watching) return;
    this.watching = true;
    // ctime too: a change of permissions can make the file unreadable without touching its contents.
    watchFile(this.file, { interval: watchIntervalMs, persistent: false }, (curr, prev) => {
      if (curr.mtimeMs !== prev.mtimeMs || curr.ctimeMs !== prev.ctimeMs || curr.size !== prev.size) {
        void this.reload();
      }
    });
  }

  async reload(): Promise<boolean> {
    try {
      const data = await readStore(this.file);
      this.images = await this.catalog.load(data.posts.map((post) => post.content));
      this.data = data;
    } catch (error) {
      this.degrade(error);
      return false;
    }
    const wasDegraded = this.currentHealth.status === 'degraded';
    this.currentHealth = { status: 'ok' };
    this.rebuild();
    this.logger.info(
      `Store ${wasDegraded ? 'readable again, ' : ''}reloaded from ${this.file} (${this.data.posts.length} posts)`,
    );
    return true;
  }

  /**
   * Keeps serving the last good data; says so once per distinct problem, not on every check. The log has the
   * details (the file, the line); the public health check only what kind of problem it is.
   */
  private degrade(error: unknown): void {
    const detail = (error as Error).message;
    if (this.currentHealth.status === 'degraded' && this.lastProblem === detail) return;
    this.lastProblem = detail;
    const reason = error instanceof StoreError ? error.summary : 'the blog store cannot be read';
    this.currentHealth = { status: 'degraded', reason };
    this.logger.error(`Store not readable, keeping the last good data: ${detail}`);
  }

  close(): void {
    if (this.watching) unwatchFile(this.file);
    this.watching = false;
    clearTimeout(this.dueTimer);
    this.listeners.clear();
  }

  private rebuild(): void {
    this.current = new BlogIndex(this.data, this.current.version + 1, Date.now(), this.images);
    this.scheduleNextDue();
    for (const listener of this.listeners) listener(this.current);
  }

  private scheduleNextDue(): void {
    clearTimeout(this.dueTimer);
    const dueAt = this.current.nextDueAt;
    if (dueAt === undefined) return;
    const delay = Math.min(Math.max(dueAt - Date.now(), 0), maxTimerDelay);
    this.dueTimer = setTimeout(() => {
      if (Date.now() >= dueAt) this.rebuild();
      else this.scheduleNextDue();
    }, delay);
    this.dueTimer.unref();
  }
}
