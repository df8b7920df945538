/**
 * The site's own enquiries: one JSON file (ENQUIRIES_FILE), changed only under a lock held across
 * read → change → write, and written as a temporary file that is fsync'd, renamed over the old one and made
 * durable by an fsync of the folder. Readers therefore always see a whole file, and a change has reached the
 * disk before the promise that made it resolves. Concurrent changes within one process share one locked
 * write (group commit), so many submissions at once cost a few writes, not one each
 * (docs/decisions/enquiry-storage.md).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import { z } from 'zod';
import { planIds, type PlanId } from '../../content/plan-titles.ts';

export type DeliveryState = 'off' | 'pending' | 'sent' | 'failed';
export type Channel = 'hubspot' | 'email';
export const channels: readonly Channel[] = ['hubspot', 'email'];

export interface EnquiryFields {
  firstname: string;
  lastname?: string;
  email: string;
  phone?: string;
  company?: string;
  message?: string;
  plan?: PlanId;
}

export interface NewEnquiry extends EnquiryFields {
  /** The page the form was posted from (absolute URL or path). */
  pageUri: string;
  pageName?: string;
  /** The visitor's hubspotutk cookie, when present. */
  hutk?: string;
  /** A honeypot hit: kept apart, never delivered or listed. */
  spam: boolean;
}

/** One channel's delivery history, beside its state. */
export interface ChannelProgress {
  attempts: number;
  /** ISO time of the last attempt (sent or not): the delivery's rate limit counts these. */
  lastAttemptAt?: string;
  /** ISO time before which the next attempt must not start (backoff, Retry-After). */
  retryAt?: string;
  sentAt?: string;
  /** Why the last attempt failed (kept for `show`; never logged). */
  lastError?: string;
}

export interface StoredEnquiry extends NewEnquiry {
  id: string;
  receivedAt: string;
  delivery: { hubspot: DeliveryState; email: DeliveryState };
  progress: { hubspot: ChannelProgress; email: ChannelProgress };
}

export class EnquiryStoreError extends Error {}

/** Returned by a `change` that changed nothing: its value is passed on and the file is not rewritten. */
export class Unchanged<T> {
  constructor(readonly value: T) {}
}

const deliveryState = z.enum(['off', 'pending', 'sent', 'failed']);
const progressSchema = z.object({
  attempts: z.number().int().min(0),
  lastAttemptAt: z.string().optional(),
  retryAt: z.string().optional(),
  sentAt: z.string().optional(),
  lastError: z.string().optional(),
});
const enquirySchema = z.object({
  id: z.string().min(1),
  receivedAt: z.string().min(1),
  firstname: z.string(),
  lastname: z.string().optional(),
  email: z.string(),
  phone: z.string().optional(),
  company: z.string().optional(),
  message: z.string().optional(),
  plan: z.enum(planIds as [PlanId, ...PlanId[]]).optional(),
  pageUri: z.string(),
  pageName: z.string().optional(),
  hutk: z.string().optional(),
  spam: z.boolean(),
  delivery: z.object({ hubspot: deliveryState, email: deliveryState }),
  progress: z.object({ hubspot: progressSchema, email: progressSchema }),
});
const fileSchema = z.object({ version: z.literal(1), enquiries: z.array(enquirySchema) });

interface EnquiryFile {
  version: 1;
  enquiries: StoredEnquiry[];
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'has the wrong shape';
  const where = issue.path.length ? issue.path.join('.') : 'the top level';
  return `has the wrong shape at ${where}: ${issue.message}`;
}

/** Reads the file; a missing one is an empty store. Anything unreadable is one line naming the file. */
export async function readEnquiryFile(file: string): Promise<EnquiryFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, enquiries: [] };
    throw new EnquiryStoreError(`${file}: cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EnquiryStoreError(
      `${file}: is not valid JSON (${(error as Error).message}); restore it from a backup, nothing was written`,
    );
  }
  const result = fileSchema.safeParse(json);
  if (!result.success) {
    throw new EnquiryStoreError(`${file}: ${describe(result.error)}; restore it from a backup, nothing was written`);
  }
  return result.data as EnquiryFile;
}

let tempCounter = 0;

/** temp file → write → fsync → rename over `file` → fsync the folder, so the rename itself is durable. */
export async function writeDurably(file: string, text: string): Promise<void> {
  const dir = dirname(file) || '.';
  tempCounter += 1;
  const temp = join(dir, `${basename(file)}.${process.pid}.${tempCounter}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

const lockRetries = { retries: 400, factor: 1.2, minTimeout: 5, maxTimeout: 200, randomize: true };

interface Operation {
  apply: (enquiries: StoredEnquiry[]) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface StoreOptions {
  /** New non-spam enquiries start `pending` for a configured channel, `off` otherwise. */
  hubspot: boolean;
  email: boolean;
}

export class EnquiryStore {
  /** Durable writes made by this instance (how well group commit batches, for tests and benchmarks). */
  writes = 0;
  private queue: Operation[] = [];
  private flushing = false;
  private listeners = new Set<(enquiry: StoredEnquiry) => void>();
  /** The file as this process last wrote it, reused while nobody else has replaced it. */
  private cache?: { ino: number; size: number; mtimeMs: number; data: EnquiryFile };

  private constructor(
    readonly file: string,
    private readonly options: StoreOptions,
  ) {}

  /** Checks the file (a corrupt one is an EnquiryStoreError) and creates its folder; never writes the file. */
  static async open(file: string, options: StoreOptions = { hubspot: false, email: false }): Promise<EnquiryStore> {
    await readEnquiryFile(file);
    await mkdir(dirname(file) || '.', { recursive: true });
    return new EnquiryStore(file, options);
  }

  /** Resolves only when the enquiry is durably on disk (fsync); safe with several processes adding at once. */
  async add(enquiry: NewEnquiry): Promise<StoredEnquiry> {
    const state = (on: boolean): DeliveryState => (on && !enquiry.spam ? 'pending' : 'off');
    const stored: StoredEnquiry = {
      ...withoutEmpty(enquiry),
      id: randomUUID(),
      receivedAt: new Date().toISOString(),
      delivery: { hubspot: state(this.options.hubspot), email: state(this.options.email) },
      progress: { hubspot: { attempts: 0 }, email: { attempts: 0 } },
    };
    await this.change((enquiries) => {
      enquiries.push(stored);
    });
    for (const listener of this.listeners) listener(stored);
    return stored;
  }

  /** Called after each durable add in this process (the outbox starts at once rather than at its next poll). */
  onAdd(listener: (enquiry: StoredEnquiry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every enquiry on disk now (spam included), oldest first. Reads without the lock: files are whole. */
  async all(): Promise<StoredEnquiry[]> {
    return (await readEnquiryFile(this.file)).enquiries;
  }

  /** Non-spam enquiries, newest first. */
  async list(): Promise<StoredEnquiry[]> {
    return (await this.all()).filter((e) => !e.spam).reverse();
  }

  /** Changes whenever the file is replaced (each write is a new inode): a cheap "has anything changed?". */
  async signature(): Promise<string> {
    const info = await stat(this.file).catch(() => undefined);
    return info ? `${info.ino}:${info.size}:${info.mtimeMs}` : 'missing';
  }

  async get(id: string): Promise<StoredEnquiry | undefined> {
    return (await this.all()).find((e) => e.id === id);
  }

  /**
   * A locked read → change → durable write. `change` gets the current enquiries (oldest first) to change in
   * place and may throw to change nothing, or return `new Unchanged(value)`; its result is returned once the
   * write is on disk.
   */
  change<T>(change: (enquiries: StoredEnquiry[]) => T | Unchanged<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ apply: change, resolve: resolve as (value: unknown) => void, reject });
      void this.flush();
    });
  }

  /** Removes an enquiry from the file (a privacy request); returns it, or undefined when there is none. */
  delete(id: string): Promise<StoredEnquiry | undefined> {
    return this.change((enquiries) => {
      const index = enquiries.findIndex((e) => e.id === id);
      return index === -1 ? new Unchanged(undefined) : enquiries.splice(index, 1)[0];
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0);
        try {
          await this.commit(batch);
        } catch (error) {
          for (const operation of batch) operation.reject(error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async commit(batch: Operation[]): Promise<void> {
    const results: Array<{ operation: Operation; ok: boolean; value: unknown; changed?: boolean }> = [];
    await this.withLock(async (stillHeld) => {
      results.length = 0;
      const data = await this.readForChange();
      let enquiries = data.enquiries;
      for (const operation of batch) {
        // A shallow copy, so an operation that throws after adding or removing leaves no trace.
        const draft = [...enquiries];
        try {
          const value = operation.apply(draft);
          if (value instanceof Unchanged) {
            results.push({ operation, ok: true, value: value.value as unknown, changed: false });
            continue;
          }
          enquiries = draft;
          results.push({ operation, ok: true, value, changed: true });
        } catch (error) {
          results.push({ operation, ok: false, value: error });
        }
      }
      if (!results.some((r) => r.changed)) return;
      const next: EnquiryFile = { version: 1, enquiries };
      stillHeld();
      await writeDurably(this.file, `${JSON.stringify(next, null, 2)}\n`);
      this.writes += 1;
      const info = await stat(this.file);
      this.cache = { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, data: next };
    });
    for (const { operation, ok, value } of results) {
      if (ok) operation.resolve(value);
      else operation.reject(value);
    }
  }

  private async readForChange(): Promise<EnquiryFile> {
    const cached = this.cache;
    if (cached) {
      const info = await stat(this.file).catch(() => undefined);
      // A rename makes a new inode, so an unchanged one means no other process has written since.
      if (info && info.ino === cached.ino && info.size === cached.size && info.mtimeMs === cached.mtimeMs) {
        return { version: 1, enquiries: structuredClone(cached.data.enquiries) };
      }
    }
    return readEnquiryFile(this.file);
  }

  /**
   * Holds `<file>.lock` (a directory made atomically by mkdir, refreshed while held; one left by a killed
   * process goes stale after 10 s and is taken over). `stillHeld()`, called just before writing, throws when
   * the lock was lost meanwhile (the process stalled past the stale time): the whole change then runs again
   * on a fresh read rather than risk overwriting another writer's change.
   */
  private async withLock(task: (stillHeld: () => void) => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      let compromised = false;
      let release: () => Promise<void>;
      try {
        release = await lockfile.lock(this.file, {
          realpath: false,
          stale: 10_000,
          update: 2_000,
          retries: lockRetries,
          onCompromised: () => {
            compromised = true;
          },
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
          throw new EnquiryStoreError(`${this.file}: still locked by another process (${this.file}.lock)`);
        }
        throw error;
      }
      try {
        await task(() => {
          if (compromised) throw new LockLost();
        });
        return;
      } catch (error) {
        if (!(error instanceof LockLost)) throw error;
        this.cache = undefined;
        if (attempt >= 3) throw new EnquiryStoreError(`${this.file}: the lock was lost three times while writing`);
      } finally {
        await release().catch(() => undefined);
      }
    }
  }
}

class LockLost extends Error {}

const optionalKeys = ['lastname', 'phone', 'company', 'message', 'plan', 'pageName', 'hutk'] as const;

/** Drops empty optional text so the file and every reader see "not given" one way. */
function withoutEmpty(enquiry: NewEnquiry): NewEnquiry {
  const copy: NewEnquiry = { ...enquiry };
  for (const key of optionalKeys) {
    if (copy[key] === undefined || copy[key] === '') delete copy[key];
  }
  return copy;
}
