import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import lockfile, { type LockOptions } from 'proper-lockfile';

/** A lock whose holder has not refreshed it for this long belongs to a process that no longer runs. */
export const staleLockMs = 10_000;
/** How often the holder refreshes its lock, well within `staleLockMs`. */
const refreshMs = 2_000;
/** How often `task` runs at most when the lock keeps being lost while it runs. */
const attempts = 3;

export interface FileLockOptions {
  /** How often, and how far apart, to try again while another holds the lock (proper-lockfile's `retries`). */
  retries: LockOptions['retries'];
  /**
   * Told, one line each, who holds the lock before waiting for it and when a left-over lock is taken over (for a
   * command-line tool to print). With it the holder also leaves a note naming itself, `<file>.lock-owner`, so that
   * a lock whose process is gone from this machine is taken over at once rather than once stale.
   */
  onNotice?: (line: string) => void;
  /** Called before `task` runs again because the lock was lost while it ran. */
  onLost?: () => void;
}

/** The lock could not be had (`locked`, `no-folder`), or was lost while `task` ran every time it was tried. */
export class FileLockError extends Error {
  override name = 'FileLockError';

  constructor(
    message: string,
    readonly reason: 'locked' | 'no-folder' | 'lost',
  ) {
    super(message);
  }
}

class LockLost extends Error {}

/**
 * Runs `task` while holding the lock on `file`: a `<file>.lock` directory, made atomically by mkdir and
 * refreshed by its holder, so it works across processes and within one (proper-lockfile). A lock not refreshed
 * for `staleLockMs` is taken over. `stillHeld()`, called just before writing, throws when the lock was lost
 * meanwhile (the process stalled past the stale time and another took over): `task` then runs again, under a
 * new lock, rather than overwrite the other holder's change. Throws a FileLockError when another process still
 * holds the lock after every retry, when the file's folder does not exist, or when the lock is lost three times.
 */
export async function withFileLock<T>(
  file: string,
  task: (stillHeld: () => void) => Promise<T>,
  options: FileLockOptions,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let lost = false;
    const release = await acquire(file, options, () => {
      lost = true;
    });
    try {
      if (options.onNotice) await writeOwner(file);
      return await task(() => {
        if (lost) throw new LockLost();
      });
    } catch (error) {
      if (!(error instanceof LockLost)) throw error;
      if (attempt >= attempts) {
        throw new FileLockError(`${file}: the lock was lost three times while writing`, 'lost');
      }
      options.onLost?.();
    } finally {
      if (options.onNotice) await rm(ownerFile(file), { force: true });
      await release().catch(() => undefined);
    }
  }
}

/** A lock held for as long as its holder needs it (not for one task): see `tryHoldFileLock`. */
export interface HeldFileLock {
  /** True once the lock was lost (its holder stalled past `staleLockMs` and another took it over). */
  lost(): boolean;
  release(): Promise<void>;
}

/**
 * Takes the lock on `file` without waiting, and keeps it (refreshed) until released: undefined while another
 * process, or another holder in this one, has it. A holder that dies leaves it to be taken over after `staleLockMs`.
 */
export async function tryHoldFileLock(file: string): Promise<HeldFileLock | undefined> {
  let lost = false;
  try {
    const release = await lockfile.lock(file, {
      realpath: false,
      stale: staleLockMs,
      update: refreshMs,
      retries: 0,
      onCompromised: () => {
        lost = true;
      },
    });
    return { lost: () => lost, release: () => release().catch(() => undefined) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return undefined;
    throw error;
  }
}

async function acquire(file: string, options: FileLockOptions, onLost: () => void): Promise<() => Promise<void>> {
  const lockOptions: LockOptions = { realpath: false, stale: staleLockMs, update: refreshMs, onCompromised: onLost };
  try {
    if (!options.onNotice) return await lockfile.lock(file, { ...lockOptions, retries: options.retries });
    const announced = await announce(file, options.onNotice);
    try {
      return await lockfile.lock(file, { ...lockOptions, retries: 0 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (!announced) await announce(file, options.onNotice);
      return await lockfile.lock(file, { ...lockOptions, retries: options.retries });
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOCKED') {
      throw new FileLockError(`${file}: still locked by another process (${file}.lock)`, 'locked');
    }
    if (code === 'ENOENT') {
      throw new FileLockError(`${file}: its folder ${dirname(file)} does not exist`, 'no-folder');
    }
    throw error;
  }
}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** Who holds the lock: written beside the lock folder by the holder, read by those who wait. */
function ownerFile(file: string): string {
  return `${file}.lock-owner`;
}

async function writeOwner(file: string): Promise<void> {
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  // Only a courtesy for those who wait: the lock holds without it.
  await writeFile(ownerFile(file), `${JSON.stringify(owner)}\n`).catch(() => undefined);
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
 * Whether the lock was held.
 */
async function announce(file: string, notice: (line: string) => void): Promise<boolean> {
  const lockDir = `${file}.lock`;
  const held = await stat(lockDir).catch(() => undefined);
  if (!held) return false;
  const owner = await readOwner(file);
  const since = owner ? clock(owner.since) : clock(held.mtime.toISOString());
  const idle = Date.now() - held.mtimeMs;
  if (owner && owner.host === hostname() && !isRunning(owner.pid)) {
    notice(`taking over the lock on ${file} left since ${since} by pid ${owner.pid}, which no longer runs`);
    await rm(lockDir, { recursive: true, force: true });
    return true;
  }
  if (idle > staleLockMs) {
    notice(
      `taking over the lock on ${file} (${lockDir}), not refreshed since ${clock(held.mtime.toISOString())}: ` +
        `its command no longer runs`,
    );
    return true;
  }
  const who = owner ? `pid ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}` : 'another command';
  notice(
    `waiting for the lock on ${file} held since ${since} (${who}); ` +
      `a lock not refreshed for ${staleLockMs / 1000} s is taken over`,
  );
  return true;
}
