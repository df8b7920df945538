import { unwatchFile, watchFile } from 'node:fs';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import type { BlogSource } from '../lib/blog-types.ts';
import { BlogIndex } from './blog-index.server.ts';
import { LocalImageCatalog, type LocalImages } from './body-images.server.ts';
import { describeStoreError, storeSchema, type StoreData } from './store-schema.ts';

export class StoreError extends Error {
  constructor(
    message: string,
    /** There is no file at all (as opposed to a file that is not a valid store). */
    readonly notFound = false,
  ) {
    super(message);
  }
}

/** Reads and validates the store without ever writing to it. The message names the file and the problem. */
export async function readStore(file: string): Promise<StoreData> {
  const db = new Low<unknown>(new JSONFile<unknown>(file), null);
  try {
    await db.read();
  } catch (error) {
    const reason = error instanceof SyntaxError ? `not valid JSON (${error.message})` : (error as Error).message;
    throw new StoreError(`${file}: ${reason}`);
  }
  if (db.data === null) throw new StoreError(`${file}: file not found`, true);
  const result = storeSchema.safeParse(db.data);
  if (!result.success) throw new StoreError(`${file}: ${describeStoreError(result.error)}`);
  return result.data;
}

export interface StoreOptions {
  /** Where the site's own images are (`public/`): the size of each one a post shows is read at every load. */
  publicDir?: string;
}

export interface StoreLogger {
  info(message: string): void;
  error(message: string): void;
}

// setTimeout cannot wait longer than this; a later publish time is simply re-checked when it fires.
const maxTimerDelay = 2 ** 31 - 1;

/**
 * The blog's data for the running server: loaded once at start, reloaded when the file changes on disk
 * (a bad edit is logged and the last good data kept), and re-indexed when a scheduled post comes due.
 */
export class BlogStore {
  private data: StoreData;
  private images: LocalImages;
  private current: BlogIndex;
  private dueTimer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(index: BlogIndex) => void>();
  private watching = false;

  private constructor(
    readonly file: string,
    data: StoreData,
    private readonly logger: StoreLogger,
    private readonly catalog: LocalImageCatalog,
    images: LocalImages,
  ) {
    this.data = data;
    this.images = images;
    this.current = new BlogIndex(data, 1, Date.now(), images);
    this.scheduleNextDue();
  }

  static async open(
    file: string,
    logger: StoreLogger,
    { publicDir = 'public' }: StoreOptions = {},
  ): Promise<BlogStore> {
    const data = await readStore(file);
    const catalog = new LocalImageCatalog(publicDir);
    return new BlogStore(file, data, logger, catalog, await catalog.load(data.posts.map((post) => post.content)));
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
    featured: async (limit) => this.current.featured(limit),
  };

  onChange(listener: (index: BlogIndex) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  watch(intervalMs = 500): void {
    if (this.watching) return;
    this.watching = true;
    watchFile(this.file, { interval: intervalMs, persistent: false }, (curr, prev) => {
      if (curr.mtimeMs !== prev.mtimeMs || curr.size !== prev.size) void this.reload();
    });
  }

  async reload(): Promise<boolean> {
    try {
      const data = await readStore(this.file);
      this.images = await this.catalog.load(data.posts.map((post) => post.content));
      this.data = data;
    } catch (error) {
      this.logger.error(`Store not reloaded, keeping the last good data: ${(error as Error).message}`);
      return false;
    }
    this.rebuild();
    this.logger.info(`Store reloaded from ${this.file} (${this.data.posts.length} posts)`);
    return true;
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
