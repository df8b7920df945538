/**
 * The file store's one file (ENQUIRIES_FILE): its enquiries and the deliveries being sent now, changed only under a
 * lock held across read → change → write, and written as a temporary file that is fsync'd, renamed over the old one
 * and made durable by an fsync of the folder. Readers therefore always see a whole file, and a change has reached the
 * disk before the promise that made it resolves. Concurrent changes within one process share one locked write
 * (group commit), so many submissions at once cost a few writes, not one each
 * (docs/decisions/enquiry-storage.md).
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../../files/atomic-write.server.ts';
import { FileLockError, withFileLock } from '../../files/file-lock.server.ts';
import { EnquiryStoreError } from '../enquiry-store.server.ts';
import { storedEnquirySchema, type StoredEnquiry } from '../enquiry.ts';
import { storedSubscriberSchema, type StoredSubscriber } from '../../newsletter/subscriber.ts';

/**
 * A delivery a sender has claimed until `until` (see the delivery queue's `claimNext`). It stays after `until` when
 * no outcome ended it, until the delivery is claimed again: the next claim then knows that an attempt went
 * unrecorded.
 */
const claimSchema = z.looseObject({
  id: z.string(),
  enquiry: z.string(),
  channel: z.enum(['hubspot', 'email']),
  until: z.string(),
});
type FileClaim = z.infer<typeof claimSchema>;

// Loose, as the stored enquiry's schema: what a newer release added is kept.
const fileSchema = z.looseObject({
  version: z.literal(1),
  enquiries: z.array(storedEnquirySchema),
  claims: z.array(claimSchema).optional(),
  subscribers: z.array(storedSubscriberSchema).optional(),
});

interface FileContents {
  version: 1;
  enquiries: StoredEnquiry[];
  /** Deliveries being sent now, or left by a sender that died; absent when none. */
  claims?: FileClaim[];
  /** The newsletter's sign-ups and subscribers, oldest first; absent when none. */
  subscribers?: StoredSubscriber[];
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'has the wrong shape';
  const where = issue.path.length ? issue.path.join('.') : 'the top level';
  return `has the wrong shape at ${where}: ${issue.message}`;
}

/** Reads the file; a missing one is an empty store. Anything unreadable is one line naming the file. */
export async function readEnquiryFile(file: string): Promise<FileContents> {
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
  return result.data as unknown as FileContents;
}

/** Returned by a `change` that changed nothing: its value is passed on and the file is not rewritten. */
export class Unchanged<T> {
  constructor(readonly value: T) {}
}

/** A change to the file: its enquiries (oldest first), its claims and its subscribers, each changed in place. */
type Change<T> = (enquiries: StoredEnquiry[], claims: FileClaim[], subscribers: StoredSubscriber[]) => T | Unchanged<T>;

interface Operation {
  apply: Change<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const lockRetries = { retries: 400, factor: 1.2, minTimeout: 5, maxTimeout: 200, randomize: true };

export class EnquiryFile {
  private pending: Operation[] = [];
  private flushing = false;
  /** The file as this process last wrote it, reused while nobody else has replaced it. */
  private cache?: { ino: number; size: number; mtimeMs: number; data: FileContents };

  private constructor(readonly path: string) {}

  /** Checks the file (a corrupt one is an EnquiryStoreError) and creates its folder; never writes the file. */
  static async open(path: string): Promise<EnquiryFile> {
    await readEnquiryFile(path);
    await mkdir(dirname(path) || '.', { recursive: true });
    return new EnquiryFile(path);
  }

  /** The file as it is now. Reads without the lock: files are whole. */
  read(): Promise<FileContents> {
    return readEnquiryFile(this.path);
  }

  /** Changes whenever the file is replaced (each write is a new inode): a cheap "has anything changed?". */
  async signature(): Promise<string> {
    const info = await stat(this.path).catch(() => undefined);
    return info ? `${info.ino}:${info.size}:${info.mtimeMs}` : 'missing';
  }

  /**
   * A locked read → change → durable write. `change` gets the current enquiries (oldest first) and claims to change
   * in place and may throw to change nothing, or return `new Unchanged(value)`; its result is returned once the
   * write is on disk.
   */
  change<T>(change: Change<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ apply: change as Change<unknown>, resolve: resolve as (value: unknown) => void, reject });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0);
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
      let claims = data.claims ?? [];
      let subscribers = data.subscribers ?? [];
      for (const operation of batch) {
        // Shallow copies, so an operation that throws after adding or removing leaves no trace.
        const draft = [...enquiries];
        const draftClaims = [...claims];
        const draftSubscribers = [...subscribers];
        try {
          const value = operation.apply(draft, draftClaims, draftSubscribers);
          if (value instanceof Unchanged) {
            results.push({ operation, ok: true, value: value.value as unknown, changed: false });
            continue;
          }
          enquiries = draft;
          claims = draftClaims;
          subscribers = draftSubscribers;
          results.push({ operation, ok: true, value, changed: true });
        } catch (error) {
          results.push({ operation, ok: false, value: error });
        }
      }
      if (!results.some((r) => r.changed)) return;
      // A claim ends when its outcome is recorded, or with its enquiry.
      const ids = new Set(enquiries.map((e) => e.id));
      const kept = claims.filter((claim) => ids.has(claim.enquiry));
      const next: FileContents = { ...data, version: 1, enquiries, claims: kept, subscribers };
      if (!kept.length) delete next.claims;
      if (!subscribers.length) delete next.subscribers;
      stillHeld();
      await writeFileAtomically(this.path, `${JSON.stringify(next, null, 2)}\n`, { durable: true, mode: 0o600 });
      const info = await stat(this.path);
      this.cache = { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, data: next };
    });
    for (const { operation, ok, value } of results) {
      if (ok) operation.resolve(value);
      else operation.reject(value);
    }
  }

  private async readForChange(): Promise<FileContents> {
    const cached = this.cache;
    if (cached) {
      const info = await stat(this.path).catch(() => undefined);
      // A rename makes a new inode, so an unchanged one means no other process has written since.
      if (info && info.ino === cached.ino && info.size === cached.size && info.mtimeMs === cached.mtimeMs) {
        return structuredClone(cached.data);
      }
    }
    return readEnquiryFile(this.path);
  }

  /**
   * Holds `<file>.lock` (see files/file-lock.server.ts: taken over 10 s after a killed holder). `stillHeld()`,
   * called just before writing, throws when the lock was lost meanwhile: the whole change then runs again on a
   * fresh read rather than risk overwriting another writer's change.
   */
  private async withLock(task: (stillHeld: () => void) => Promise<void>): Promise<void> {
    try {
      await withFileLock(this.path, task, {
        retries: lockRetries,
        onLost: () => {
          this.cache = undefined;
        },
      });
    } catch (error) {
      if (error instanceof FileLockError) throw new EnquiryStoreError(error.message);
      throw error;
    }
  }
}
