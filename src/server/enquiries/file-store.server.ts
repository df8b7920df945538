/**
 * The site's own enquiries: one JSON file (ENQUIRIES_FILE), changed only under a lock held across
 * read → change → write, and written as a temporary file that is fsync'd, renamed over the old one and made
 * durable by an fsync of the folder. Readers therefore always see a whole file, and a change has reached the
 * disk before the promise that made it resolves. Concurrent changes within one process share one locked
 * write (group commit), so many submissions at once cost a few writes, not one each
 * (docs/decisions/enquiry-storage.md).
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../files/atomic-write.server.ts';
import { FileLockError, tryHoldFileLock, withFileLock } from '../files/file-lock.server.ts';
import {
  assertLimits,
  EnquiryStoreError,
  figuresOf,
  type AlertState,
  type AttemptResult,
  type ChannelFigures,
  type DeliveryClaim,
  type DeliveryQueue,
  type EnquiryStore,
  type OpenOptions,
  type RecentDelivery,
  type SenderLease,
  type StoreHealth,
} from './enquiry-store.server.ts';
import {
  channels,
  newStoredEnquiry,
  storedEnquirySchema,
  withWellFormedText,
  type Channel,
  type NewEnquiry,
  type StoredEnquiry,
} from './enquiry.ts';

/** Returned by a `change` that changed nothing: its value is passed on and the file is not rewritten. */
export class Unchanged<T> {
  constructor(readonly value: T) {}
}

/** A delivery a sender has claimed until `until` (see `claimNext`). */
const claimSchema = z.object({
  id: z.string(),
  enquiry: z.string(),
  channel: z.enum(['hubspot', 'email']),
  until: z.string(),
});
type FileClaim = z.infer<typeof claimSchema>;

const fileSchema = z.object({
  version: z.literal(1),
  enquiries: z.array(storedEnquirySchema),
  claims: z.array(claimSchema).optional(),
});

const alertStateSchema = z.object({
  state: z.enum(['problem', 'ok']),
  since: z.string(),
  alert: z.enum(['none', 'sent', 'pending', 'gave-up']),
  attempts: z.number().int().min(0),
  retryAt: z.string().optional(),
  count: z.number().int().min(0),
  code: z.string(),
});
const alertsSchema = z.object({ hubspot: alertStateSchema.optional(), email: alertStateSchema.optional() });

interface EnquiryFile {
  version: 1;
  enquiries: StoredEnquiry[];
  /** Deliveries being sent now; absent when none. */
  claims?: FileClaim[];
}

/** The time a pending delivery falls due (its retry time, or when the enquiry came). */
const dueTime = (enquiry: StoredEnquiry, channel: Channel) =>
  Date.parse(enquiry.progress[channel].retryAt ?? enquiry.receivedAt);

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

const lockRetries = { retries: 400, factor: 1.2, minTimeout: 5, maxTimeout: 200, randomize: true };

/** A change to the file: its enquiries (oldest first) and the deliveries claimed now, both changed in place. */
type Change<T> = (enquiries: StoredEnquiry[], claims: FileClaim[]) => T | Unchanged<T>;

interface Operation {
  apply: Change<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const disabled = { hubspot: false, email: false };

export class FileEnquiryStore implements EnquiryStore {
  private queue_: Operation[] = [];
  private flushing = false;
  /** The file as this process last wrote it, reused while nobody else has replaced it. */
  private cache?: { ino: number; size: number; mtimeMs: number; data: EnquiryFile };
  /** The queue as last computed and the file's signature then: an unchanged file is not read again. */
  private seen?: { signature: string; channels: string; queue: DeliveryQueue };

  private constructor(
    readonly file: string,
    private readonly options: OpenOptions,
  ) {}

  /** Checks the file (a corrupt one is an EnquiryStoreError) and creates its folder; never writes the file. */
  static async open(file: string, options: OpenOptions = { enabled: disabled }): Promise<FileEnquiryStore> {
    await readEnquiryFile(file);
    await mkdir(dirname(file) || '.', { recursive: true });
    return new FileEnquiryStore(file, options);
  }

  /** Resolves only when the enquiry is durably on disk (fsync); safe with several processes adding at once. */
  async add(enquiry: NewEnquiry): Promise<StoredEnquiry> {
    const stored = newStoredEnquiry(withWellFormedText(enquiry), this.options.enabled);
    await this.change((enquiries) => {
      enquiries.push(stored);
    });
    return stored;
  }

  /** Every enquiry on disk now (spam included), oldest first. Reads without the lock: files are whole. */
  async all(): Promise<StoredEnquiry[]> {
    return (await readEnquiryFile(this.file)).enquiries;
  }

  async list({ spam = false } = {}): Promise<StoredEnquiry[]> {
    return (await this.all()).filter((e) => e.spam === spam).reverse();
  }

  async get(id: string): Promise<StoredEnquiry | undefined> {
    return (await this.all()).find((e) => e.id === id);
  }

  async find(idOrStart: string): Promise<StoredEnquiry[]> {
    const all = await this.all();
    const exact = all.find((e) => e.id === idOrStart);
    return exact ? [exact] : all.filter((e) => e.id.startsWith(idOrStart)).slice(0, 20);
  }

  delete(id: string): Promise<StoredEnquiry | undefined> {
    return this.change((enquiries) => {
      const index = enquiries.findIndex((e) => e.id === id);
      return index === -1 ? new Unchanged(undefined) : enquiries.splice(index, 1)[0];
    });
  }

  retry(): Promise<Record<Channel, number>> {
    return this.change((enquiries) => {
      const requeued = { hubspot: 0, email: 0 };
      let changed = false;
      for (const enquiry of enquiries) {
        if (enquiry.spam) continue;
        for (const channel of channels) {
          const progress = enquiry.progress[channel];
          if (enquiry.delivery[channel] === 'failed') {
            requeued[channel] += 1;
            enquiry.delivery[channel] = 'pending';
            enquiry.progress[channel] = { attempts: 0, lastError: progress.lastError };
            changed = true;
          } else if (enquiry.delivery[channel] === 'pending' && progress.retryAt) {
            delete progress.retryAt;
            changed = true;
          }
        }
      }
      return changed ? requeued : new Unchanged(requeued);
    });
  }

  async prune({ before, spamBefore }: { before: Date; spamBefore: Date }): Promise<number> {
    assertLimits(before, spamBefore);
    return this.change((enquiries) => {
      const kept = enquiries.filter((e) => Date.parse(e.receivedAt) >= (e.spam ? spamBefore : before).getTime());
      const deleted = enquiries.length - kept.length;
      if (!deleted) return new Unchanged(0);
      enquiries.splice(0, enquiries.length, ...kept);
      return deleted;
    });
  }

  import(incoming: StoredEnquiry[]): Promise<number> {
    return this.change((enquiries) => {
      const held = new Set(enquiries.map((e) => e.id));
      const added = incoming.filter((e) => !held.has(e.id));
      if (!added.length) return new Unchanged(0);
      enquiries.push(...added.map(withWellFormedText));
      enquiries.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
      return added.length;
    });
  }

  async queue(enabled: readonly Channel[]): Promise<DeliveryQueue> {
    const signature = await this.signature();
    const key = enabled.join();
    const seen = this.seen;
    // An unchanged file has the same queue: no need to read it again (the outbox asks every 2 s).
    if (seen && seen.signature === signature && seen.channels === key) return seen.queue;
    let dueAt = Infinity;
    let waiting = 0;
    const { enquiries, claims = [] } = await readEnquiryFile(this.file);
    // A claimed delivery falls due again when its claim ends: the file may not change by then.
    const claimedUntil = new Map(claims.map((claim) => [`${claim.enquiry}:${claim.channel}`, Date.parse(claim.until)]));
    for (const enquiry of enquiries) {
      for (const channel of channels) {
        if (enquiry.spam || enquiry.delivery[channel] !== 'pending') continue;
        if (!enabled.includes(channel)) waiting += 1;
        else {
          const until = claimedUntil.get(`${enquiry.id}:${channel}`) ?? -Infinity;
          dueAt = Math.min(dueAt, Math.max(dueTime(enquiry, channel), until));
        }
      }
    }
    const queue = { dueAt, waiting };
    this.seen = { signature, channels: key, queue };
    return queue;
  }

  /** `<file>.delivery.lock`, refreshed while held; another process takes it over 10 s after its holder died. */
  takeSenderLease(): Promise<SenderLease | undefined> {
    return tryHoldFileLock(`${this.file}.delivery`);
  }

  /**
   * The claim is a line in the file, written durably like any change, so it holds across processes. It is written
   * only while `lease` is held (checked under the file's lock, just before writing); the attempt's start is stamped
   * by this machine's clock, the one every process sharing the file reads.
   */
  claimNext(channel: Channel, holdMs: number, lease: SenderLease): Promise<DeliveryClaim | undefined> {
    return this.change((enquiries, claims) => {
      if (lease.lost()) return new Unchanged(undefined);
      const now = Date.now();
      const held = new Set(
        claims.filter((claim) => Date.parse(claim.until) > now).map((claim) => `${claim.enquiry}:${claim.channel}`),
      );
      let next: StoredEnquiry | undefined;
      for (const enquiry of enquiries) {
        if (enquiry.spam || enquiry.delivery[channel] !== 'pending' || held.has(`${enquiry.id}:${channel}`)) continue;
        const dueAt = dueTime(enquiry, channel);
        if (dueAt <= now && (!next || dueAt < dueTime(next, channel))) next = enquiry;
      }
      if (!next) return new Unchanged(undefined);
      const id = crypto.randomUUID();
      const enquiryId = next.id;
      const others = claims.filter((claim) => !(claim.enquiry === enquiryId && claim.channel === channel));
      claims.splice(0, claims.length, ...others, {
        id,
        enquiry: enquiryId,
        channel,
        until: new Date(now + holdMs).toISOString(),
      });
      const before = structuredClone(next);
      next.progress[channel] = { ...next.progress[channel], lastAttemptAt: new Date(now).toISOString() };
      return { id, channel, enquiry: before, deadline: now + holdMs };
    });
  }

  async recordOutcome(claim: DeliveryClaim, result?: AttemptResult): Promise<void> {
    await this.change((enquiries, claims) => {
      const index = claims.findIndex((held) => held.id === claim.id);
      if (index === -1) return new Unchanged(undefined);
      claims.splice(index, 1);
      const current = enquiries.find((e) => e.id === claim.enquiry.id);
      // Deleted meanwhile (a privacy request): nothing to record.
      if (!current) return;
      // Given back as it was, the claim's stamp included; an outcome keeps the attempt's start the claim stamped.
      if (!result) {
        current.progress[claim.channel] = claim.enquiry.progress[claim.channel];
        return;
      }
      const { lastAttemptAt } = current.progress[claim.channel];
      current.delivery[claim.channel] = result.state;
      current.progress[claim.channel] = { ...result.progress, ...(lastAttemptAt ? { lastAttemptAt } : {}) };
    });
  }

  async recentAttempts(channel: Channel, windowMs: number): Promise<RecentDelivery[]> {
    const now = Date.now();
    const recent: RecentDelivery[] = [];
    for (const enquiry of await this.all()) {
      const { lastAttemptAt, attempts } = enquiry.progress[channel];
      const at = Date.parse(lastAttemptAt ?? '');
      if (at > now - windowMs) recent.push({ lastAttemptAt: Math.min(at, now), attempts });
    }
    return recent.sort((a, b) => a.lastAttemptAt - b.lastAttemptAt);
  }

  async deliveryFigures(): Promise<Record<Channel, ChannelFigures>> {
    return figuresOf(await this.all());
  }

  /** `<file>.alerts.json`, beside the enquiries: written only by the sender's lease holder, whole each time. */
  async alertStates(): Promise<Partial<Record<Channel, AlertState>>> {
    try {
      return alertsSchema.parse(JSON.parse(await readFile(`${this.file}.alerts.json`, 'utf8')));
    } catch {
      // Missing (no problem announced yet) or unreadable: at worst a problem is announced again.
      return {};
    }
  }

  async saveAlertState(channel: Channel, state: AlertState): Promise<void> {
    const states = { ...(await this.alertStates()), [channel]: state };
    await writeFileAtomically(`${this.file}.alerts.json`, `${JSON.stringify(states, null, 2)}\n`, { durable: true });
  }

  health(): StoreHealth {
    return { ok: true };
  }

  async close(): Promise<void> {}

  /** Changes whenever the file is replaced (each write is a new inode): a cheap "has anything changed?". */
  private async signature(): Promise<string> {
    const info = await stat(this.file).catch(() => undefined);
    return info ? `${info.ino}:${info.size}:${info.mtimeMs}` : 'missing';
  }

  /**
   * A locked read → change → durable write. `change` gets the current enquiries (oldest first) to change in
   * place and may throw to change nothing, or return `new Unchanged(value)`; its result is returned once the
   * write is on disk.
   */
  change<T>(change: Change<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue_.push({ apply: change as Change<unknown>, resolve: resolve as (value: unknown) => void, reject });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue_.length) {
        const batch = this.queue_.splice(0);
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
      for (const operation of batch) {
        // A shallow copy, so an operation that throws after adding or removing leaves no trace.
        const draft = [...enquiries];
        const draftClaims = [...claims];
        try {
          const value = operation.apply(draft, draftClaims);
          if (value instanceof Unchanged) {
            results.push({ operation, ok: true, value: value.value as unknown, changed: false });
            continue;
          }
          enquiries = draft;
          claims = draftClaims;
          results.push({ operation, ok: true, value, changed: true });
        } catch (error) {
          results.push({ operation, ok: false, value: error });
        }
      }
      if (!results.some((r) => r.changed)) return;
      // A claim ends when recorded; one left by a sender that died ends with its deadline or its enquiry.
      const now = Date.now();
      const ids = new Set(enquiries.map((e) => e.id));
      const live = claims.filter((claim) => Date.parse(claim.until) > now && ids.has(claim.enquiry));
      const next: EnquiryFile = { version: 1, enquiries, ...(live.length ? { claims: live } : {}) };
      stillHeld();
      await writeFileAtomically(this.file, `${JSON.stringify(next, null, 2)}\n`, { durable: true, mode: 0o600 });
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
        return structuredClone(cached.data);
      }
    }
    return readEnquiryFile(this.file);
  }

  /**
   * Holds `<file>.lock` (see files/file-lock.server.ts: taken over 10 s after a killed holder). `stillHeld()`,
   * called just before writing, throws when the lock was lost meanwhile: the whole change then runs again on a
   * fresh read rather than risk overwriting another writer's change.
   */
  private async withLock(task: (stillHeld: () => void) => Promise<void>): Promise<void> {
    try {
      await withFileLock(this.file, task, {
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
