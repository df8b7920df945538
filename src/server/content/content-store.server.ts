import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';
import lockfile from 'proper-lockfile';
import {
  describeStoreError,
  storeSchema,
  type StoreData,
  type StoredCategory,
  type StoredPost,
} from '../store-schema.ts';
import { readStore, StoreError } from '../store.server.ts';
import { ContentError } from './content-error.server.ts';

/** The store as written: 2-space indentation and a final newline. */
export function storeJson(data: StoreData): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** A category with its keys in the store's order (id, name, slug). */
function orderedCategory(c: StoredCategory): StoredCategory {
  return { id: c.id, name: c.name, slug: c.slug };
}

/** A post with its keys in the store's order (see CONTRACT.md). */
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
    publishedAt: p.publishedAt,
    createdAt: p.createdAt,
  };
}

/**
 * Validates a whole store with the store's schema and returns it in its written form: categories and posts
 * sorted by id, keys in the store's order. Throws a ContentError naming the first problem.
 */
export function validateStore(data: StoreData, label = 'store'): StoreData {
  const result = storeSchema.safeParse(data);
  if (!result.success) throw new ContentError(`${label} would be invalid: ${describeStoreError(result.error)}`);
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

/**
 * Runs `task` while holding the store's lock (a `<file>.lock` directory, created atomically by mkdir, whose
 * owner refreshes it; a lock left by a crashed command goes stale after 10 s and is taken over).
 * Every content command that writes holds it from its read to its write, so two commands at once queue up
 * instead of overwriting each other's changes. It works across processes and within one.
 */
export async function withStoreLock<T>(file: string, task: () => Promise<T>): Promise<T> {
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      stale: 10_000,
      update: 2_000,
      retries: lockRetries,
      onCompromised: (error) => {
        compromised = error;
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOCKED') {
      throw new ContentError(`${file} is locked by another content command (${file}.lock); try again`);
    }
    if (code === 'ENOENT') throw new ContentError(`${file}: its folder ${dirname(file)} does not exist`);
    throw error;
  }
  try {
    const result = await task();
    if (compromised) throw new ContentError(`${file}: the lock was lost (${compromised.message}); check the store`);
    return result;
  } finally {
    await release().catch(() => undefined);
  }
}

/** Writes the store through lowdb: a temporary file beside it, then a rename, so readers never see half a file. */
async function writeStoreFile(file: string, data: StoreData): Promise<void> {
  const db = new Low<StoreData>(new DataFile<StoreData>(file, { parse: JSON.parse, stringify: storeJson }), data);
  await db.write();
}

/**
 * Locked read → change → validate → atomic write. `change` gets the current (valid) store and returns the
 * next one plus a result; it may throw a ContentError to stop. When anything fails, nothing is written and
 * the file stays byte-for-byte as it was. `beforeWrite` runs after validation, just before the store is written
 * (e.g. to put a converted image in place).
 */
export async function modifyStore<T>(
  file: string,
  change: (data: StoreData) => Promise<{ data: StoreData; result: T; beforeWrite?: () => Promise<void> }>,
): Promise<T> {
  return withStoreLock(file, async () => {
    const current = await loadStore(file);
    const next = await change(current);
    const valid = validateStore(next.data);
    await next.beforeWrite?.();
    await writeStoreFile(file, valid);
    return next.result;
  });
}

/** Replaces the whole store (after validation) without reading it first; creates the file and its folder. */
export async function replaceStore(file: string, data: StoreData): Promise<StoreData> {
  const valid = validateStore(data);
  await mkdir(dirname(file) || '.', { recursive: true });
  await withStoreLock(file, () => writeStoreFile(file, valid));
  return valid;
}
