import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';
import { FileLockError, withFileLock } from '../files/file-lock.server.ts';
import {
  describeStoreError,
  storeSchema,
  type StoreData,
  type StoredCategory,
  type StoredPost,
} from '../../lib/store-schema.ts';
import { readStore, StoreError } from '../store.server.ts';
import { ContentError } from './content-error.server.ts';

export interface StoreOptions {
  /** The JSON store (DATA_FILE). */
  dataFile: string;
}

/** The id after the highest one in use. */
export function nextId(items: readonly { id: number }[]): number {
  return items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
}

/** The store as written: 2-space indentation and a final newline. */
function storeJson(data: StoreData): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** A category with its keys in the store's order (id, name, slug, plan when it has one). */
function orderedCategory(c: StoredCategory): StoredCategory {
  return { id: c.id, name: c.name, slug: c.slug, ...(c.plan ? { plan: c.plan } : {}) };
}

/** A post with its keys in the store's documented order (id, slug, title, …), so written files diff cleanly. */
function orderedPost(p: StoredPost): StoredPost {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    content: p.content,
    featuredImage: p.featuredImage,
    categoryId: p.categoryId,
    author: p.author,
    ...(p.plan ? { plan: p.plan } : {}),
    publishedAt: p.publishedAt,
    createdAt: p.createdAt,
    ...(p.previewKey === undefined ? {} : { previewKey: p.previewKey }),
  };
}

/**
 * Validates a whole store with the store's schema and returns it in its written form: categories and posts
 * sorted by id, keys in the store's order. Throws a ContentError naming the first problem.
 */
function validateStore(data: StoreData): StoreData {
  const result = storeSchema.safeParse(data);
  if (!result.success) throw new ContentError(`store would be invalid: ${describeStoreError(result.error)}`);
  return {
    categories: [...result.data.categories].sort((a, b) => a.id - b.id).map(orderedCategory),
    posts: [...result.data.posts].sort((a, b) => a.id - b.id).map(orderedPost),
  };
}

/** Reads and validates the store; never writes. Problems become a ContentError naming the file. */
export async function loadStore(file: string): Promise<StoreData> {
  try {
    return await readStore(file);
  } catch (error) {
    if (error instanceof StoreError && error.notFound) {
      throw new ContentError(`${error.message} (create it with: npm run content -- import content/)`);
    }
    if (error instanceof StoreError) throw new ContentError(error.message);
    throw error;
  }
}

const lockRetries = { retries: 80, factor: 1.25, minTimeout: 20, maxTimeout: 400, randomize: true };

/** Where the content command says what it is waiting for (the CLI prints these lines on stderr). */
export const lockNotices: { report: (line: string) => void } = { report: () => undefined };

/**
 * Runs `task` while holding the store's lock (`<file>.lock`, with a `<file>.lock-owner` note naming the holder),
 * saying who holds it when it has to wait. A lock left by a crashed command is taken over at once when its
 * process is gone, else once stale, with a message. Every content command that writes holds it from its read to
 * its write, so two commands at once queue up instead of overwriting each other's changes.
 */
export async function withStoreLock<T>(file: string, task: (stillHeld: () => void) => Promise<T>): Promise<T> {
  try {
    return await withFileLock(file, task, { retries: lockRetries, onNotice: (line) => lockNotices.report(line) });
  } catch (error) {
    if (!(error instanceof FileLockError)) throw error;
    if (error.reason === 'locked') {
      throw new ContentError(`${file} is locked by another content command (${file}.lock); try again`);
    }
    throw new ContentError(error.message);
  }
}

/**
 * Writes the store through lowdb, the blog store's library: a temporary file beside it, then a rename, so the
 * server's reloads never see half a file.
 */
async function writeStoreFile(file: string, data: StoreData): Promise<void> {
  const db = new Low<StoreData>(new DataFile<StoreData>(file, { parse: JSON.parse, stringify: storeJson }), data);
  await db.write();
}

/**
 * Locked read → change → validate → atomic write. `change` gets the current (valid) store and returns the
 * next one plus a result; it may throw a ContentError to stop. When anything fails, nothing is written and
 * the file stays byte-for-byte as it was. `beforeWrite` runs after validation, just before the store is written
 * (e.g. to put a converted image in place); `afterWrite` once the store is written (e.g. to delete images no
 * post uses any more). When the lock was lost meanwhile (the command stalled past the stale time), all of it
 * runs again on a fresh read.
 */
export async function modifyStore<T>(
  file: string,
  change: (data: StoreData) => Promise<{
    data: StoreData;
    result: T;
    beforeWrite?: () => Promise<void>;
    afterWrite?: () => Promise<void>;
  }>,
): Promise<T> {
  return withStoreLock(file, async (stillHeld) => {
    const current = await loadStore(file);
    const next = await change(current);
    const valid = validateStore(next.data);
    await next.beforeWrite?.();
    stillHeld();
    await writeStoreFile(file, valid);
    await next.afterWrite?.();
    return next.result;
  });
}

/**
 * Replaces the whole store (after validation) with what `replacement` makes of the store as it is now (undefined
 * when there is none, or it cannot be read); creates the file and its folder.
 */
export async function replaceStore(
  file: string,
  replacement: (current: StoreData | undefined) => StoreData,
  beforeWrite?: () => Promise<void>,
): Promise<StoreData> {
  await mkdir(dirname(file) || '.', { recursive: true });
  return withStoreLock(file, async (stillHeld) => {
    const current = await readStore(file).catch(() => undefined);
    const valid = validateStore(replacement(current));
    await beforeWrite?.();
    stillHeld();
    await writeStoreFile(file, valid);
    return valid;
  });
}
