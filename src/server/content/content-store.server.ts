import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
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
/** A lock whose owner has not refreshed it for this long belongs to a command that no longer runs. */
export const staleLockMs = 10_000;

/** Where the content command says what it is waiting for (the CLI prints these lines on stderr). */
export const lockNotices: { report: (line: string) => void } = { report: () => undefined };

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** Who holds the lock: written beside the lock folder by the holder, read by those who wait. */
function ownerFile(file: string): string {
  return `${file}.lock-owner`;
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    return JSON.parse(await readFile(ownerFile(file), 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function clock(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

/**
 * Before waiting for a lock, says who holds it. A lock left on this machine by a process that no longer runs is
 * taken over at once; one not refreshed for `staleLockMs` is taken over by proper-lockfile (said here too).
 */
async function announceLock(file: string): Promise<boolean> {
  const lockDir = `${file}.lock`;
  const held = await stat(lockDir).catch(() => undefined);
  if (!held) return false;
  const owner = await readOwner(file);
  const since = owner ? clock(owner.since) : clock(held.mtime.toISOString());
  const idle = Date.now() - held.mtimeMs;
  if (owner && owner.host === hostname() && !isRunning(owner.pid)) {
    lockNotices.report(`taking over the lock on ${file} left since ${since} by pid ${owner.pid}, which no longer runs`);
    await rm(lockDir, { recursive: true, force: true });
    return true;
  }
  if (idle > staleLockMs) {
    lockNotices.report(
      `taking over the lock on ${file} (${lockDir}), not refreshed since ${clock(held.mtime.toISOString())}: ` +
        `its command no longer runs`,
    );
    return true;
  }
  const who = owner ? `pid ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}` : 'another command';
  lockNotices.report(
    `waiting for the lock on ${file} held since ${since} (${who}); ` +
      `a lock not refreshed for ${staleLockMs / 1000} s is taken over`,
  );
  return true;
}

/**
 * Runs `task` while holding the store's lock (a `<file>.lock` directory, created atomically by mkdir, whose
 * owner refreshes it every 2 s, and a `<file>.lock-owner` note naming the holder). A lock left by a crashed
 * command is taken over at once when its process is gone, else once stale (`staleLockMs`), with a message.
 * Every content command that writes holds it from its read to its write, so two commands at once queue up
 * instead of overwriting each other's changes. It works across processes and within one.
 */
export async function withStoreLock<T>(file: string, task: () => Promise<T>): Promise<T> {
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  const options = {
    realpath: false,
    stale: staleLockMs,
    update: 2_000,
    onCompromised: (error: Error) => {
      compromised = error;
    },
  };
  try {
    const announced = await announceLock(file);
    try {
      release = await lockfile.lock(file, { ...options, retries: 0 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (!announced) await announceLock(file);
      release = await lockfile.lock(file, { ...options, retries: lockRetries });
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOCKED') {
      throw new ContentError(`${file} is locked by another content command (${file}.lock); try again`);
    }
    if (code === 'ENOENT') throw new ContentError(`${file}: its folder ${dirname(file)} does not exist`);
    throw error;
  }
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  try {
    // Only a courtesy for those who wait: the lock holds without it.
    await writeFile(ownerFile(file), `${JSON.stringify(owner)}\n`).catch(() => undefined);
    const result = await task();
    if (compromised) throw new ContentError(`${file}: the lock was lost (${compromised.message}); check the store`);
    return result;
  } finally {
    await rm(ownerFile(file), { force: true });
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
 * (e.g. to put a converted image in place); `afterWrite` once the store is written (e.g. to delete images no
 * post uses any more).
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
  return withStoreLock(file, async () => {
    const current = await loadStore(file);
    const next = await change(current);
    const valid = validateStore(next.data);
    await next.beforeWrite?.();
    await writeStoreFile(file, valid);
    await next.afterWrite?.();
    return next.result;
  });
}

/** Replaces the whole store (after validation) without reading it first; creates the file and its folder. */
export async function replaceStore(
  file: string,
  data: StoreData,
  beforeWrite?: () => Promise<void>,
): Promise<StoreData> {
  const valid = validateStore(data);
  await mkdir(dirname(file) || '.', { recursive: true });
  await withStoreLock(file, async () => {
    await beforeWrite?.();
    await writeStoreFile(file, valid);
  });
  return valid;
}
