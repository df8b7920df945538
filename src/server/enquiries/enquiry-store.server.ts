/**
 * Where the site's own enquiries live: an interface per job (`EnquiryRecords`: the enquiries; `DeliveryQueueStore`:
 * their delivery; `SenderLeaseStore`: the single sender's lease), two implementations of all three, one contract test
 * suite (enquiry-store.server.test.ts) run against both.
 *
 * - `FileEnquiryStore` (file-store.server.ts): ENQUIRIES_FILE, one machine; the embedded default.
 * - `PostgresEnquiryStore` (postgres-store.server.ts): DATABASE_URL, shared by every instance that names it.
 */
import type { Channel, ChannelProgress, DeliveryState, EnabledChannels, NewEnquiry, StoredEnquiry } from './enquiry.ts';

export class EnquiryStoreError extends Error {}

/**
 * Whether `error` means the store cannot be reached for now (a database restarting or failing over, a session it
 * ended, a timeout, a file lock another process holds) rather than one that refused the request for good.
 */
export function isStoreUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (
    code &&
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|ELOCKED|57P0[123]|25P03|08\w{3})$/.test(
      code,
    )
  ) {
    return true;
  }
  return /timeout|terminat|Connection ended/i.test(message ?? '');
}

/** The right to send deliveries, held by one process at a time across every instance. */
export interface SenderLease {
  /** True once the lease was lost (its holder stalled, or its connection to the database broke): stop sending. */
  lost(): boolean;
  release(): Promise<void>;
}

/** An invalid limit compares false with every date, which would delete every enquiry: refused instead. */
export function assertLimits(...limits: Date[]): void {
  if (limits.some((limit) => Number.isNaN(limit.getTime()))) {
    throw new EnquiryStoreError('prune was given an invalid date: nothing was deleted');
  }
}

/** What the outbox decided after one attempt: the channel's new state and history. */
export interface AttemptResult {
  state: Exclude<DeliveryState, 'off'>;
  progress: ChannelProgress;
}

export interface DeliveryQueue {
  /**
   * Epoch ms when the earliest pending delivery on `channels` that no sender holds is due (≤ now: due now;
   * Infinity: none).
   */
  dueAt: number;
  /** Pending deliveries on channels not in `channels` (waiting for configuration). */
  waiting: number;
}

/**
 * One delivery a sender has claimed: the enquiry as it was then, and the claim's own id. Until its deadline no
 * other sender claims it; the delivery stays `pending` to everyone else.
 */
export interface DeliveryClaim {
  id: string;
  channel: Channel;
  /** The enquiry as it was before the claim (its `progress` without the claim's stamp). */
  enquiry: StoredEnquiry;
  /**
   * Epoch ms on this machine's clock by which the claim has surely ended (taken before the claim was written):
   * past it, another sender may hold the delivery, so an outcome not recorded by then is not tried again.
   */
  deadline: number;
}

/** `health` of a store: whether it can take enquiries now, and if not, why in public words (for /healthz). */
export type StoreHealth = { ok: true } | { ok: false; reason: string };

/** A delivery attempted lately: when its last attempt started, and its attempts so far. */
export interface RecentDelivery {
  lastAttemptAt: number;
  attempts: number;
}

/** One channel's deliveries as /healthz and the alerts see them (non-spam enquiries only). */
export interface ChannelFigures {
  pending: number;
  failed: number;
  /** Epoch ms when the oldest pending enquiry was received; null when none is pending. */
  oldestPendingAt: number | null;
  /** Pending deliveries whose last attempt met a refused login (a wrong SMTP password): a problem at once. */
  refusedLogin: number;
  /** The error code of the latest failed attempt among the pending and failed deliveries. */
  lastErrorCode?: string;
  /** HubSpot only: the fields HubSpot's form lacked at the latest delivery it took. */
  missingFields?: string[];
}

/**
 * A channel's delivery problem as last announced: `problem` from the start of one until it clears, with its alert
 * sent, waiting to be tried again, or given up after several tries (the receiver kept failing).
 */
export interface AlertState {
  state: 'problem' | 'ok';
  /** ISO time the state began. */
  since: string;
  /** The alert announcing this state: none needed, sent, pending (tried `attempts` times), or given up. */
  alert: 'none' | 'sent' | 'pending' | 'gave-up';
  attempts: number;
  /** ISO time before which the next try must not start. */
  retryAt?: string;
  count: number;
  code: string;
}

/** The enquiries themselves: recorded, listed, shown, deleted, kept for the retention period, imported. */
export interface EnquiryRecords {
  /** Resolves only once the enquiry is durable (fsync'd, or committed). */
  add(enquiry: NewEnquiry): Promise<StoredEnquiry>;
  /** Non-spam enquiries (or, with `spam`, only spam), newest first. */
  list(options?: { spam?: boolean }): Promise<StoredEnquiry[]>;
  /** Every enquiry, spam included, oldest first. */
  all(): Promise<StoredEnquiry[]>;
  get(id: string): Promise<StoredEnquiry | undefined>;
  /** Enquiries whose id is `id` or starts with it (at most a few: enough to say "give more of the id"). */
  find(idOrStart: string): Promise<StoredEnquiry[]>;
  /** Removes an enquiry for good (a privacy request); returns it, or undefined when there is none. */
  delete(id: string): Promise<StoredEnquiry | undefined>;
  /** Deletes enquiries received before `before`, and spam received before `spamBefore`; how many it deleted. */
  prune(limits: { before: Date; spamBefore: Date }): Promise<number>;
  /** Adds the enquiries whose ids it does not hold yet, as they are (delivery states included); how many it added. */
  import(enquiries: StoredEnquiry[]): Promise<number>;
}

/** The delivery queue: what is due, claims and their outcomes, the figures and pacing, the alerts' state. */
export interface DeliveryQueueStore {
  /** Failed deliveries back to pending with a fresh count; pending ones waiting for a backoff due at once. */
  retry(): Promise<Record<Channel, number>>;
  /** The outbox's view of the queue (cheap: the outbox asks every few seconds). */
  queue(channels: readonly Channel[]): Promise<DeliveryQueue>;
  /**
   * Claims the next due delivery on `channel` that no live claim holds, until `holdMs` from now by the store's
   * clock, in one short write; undefined when nothing is due, or when `lease` is no longer held in the store (the
   * write itself checks it: a sender that lost its lease without noticing claims nothing). The claim stamps the
   * attempt's start (`lastAttemptAt`) by the store's clock, and recording an outcome keeps that stamp, so every
   * instance's pacing counts the attempt from the moment it was claimed. The send happens outside the store, and
   * `recordOutcome` ends the claim, so no transaction or lock is held while a provider is slow.
   */
  claimNext(channel: Channel, holdMs: number, lease: SenderLease): Promise<DeliveryClaim | undefined>;
  /**
   * Records what the claimed attempt came to and ends the claim, in one short write, keeping the attempt's start as
   * the claim stamped it; without a result the delivery is given back as it was (a send cut short by a stop). Nothing is recorded when the enquiry was deleted meanwhile
   * or the claim is no longer this one (its deadline passed and another sender claimed it).
   */
  recordOutcome(claim: DeliveryClaim, result?: AttemptResult): Promise<void>;
  /**
   * Every delivery on `channel` whose last attempt (by any instance) started in the last `windowMs`, by the store's
   * clock: that start (epoch ms on this machine's clock, never later than now) and how many attempts it has had.
   * Rate limits count them (outbox.server.ts, `attemptTimes`).
   */
  recentAttempts(channel: Channel, windowMs: number): Promise<RecentDelivery[]>;
  /** Pending and failed deliveries per channel, and what the latest attempts met (for /healthz and the alerts). */
  deliveryFigures(): Promise<Record<Channel, ChannelFigures>>;
  /** The alert state of each channel (none before its first problem); written only by the sender's lease holder. */
  alertStates(): Promise<Partial<Record<Channel, AlertState>>>;
  saveAlertState(channel: Channel, state: AlertState): Promise<void>;
}

/** The single sender's lease: one process at a time, across every instance, sends deliveries and alerts. */
export interface SenderLeaseStore {
  /** The right to send deliveries, when no other process holds it. */
  takeSenderLease(): Promise<SenderLease | undefined>;
}

/** Whether the store can take enquiries now, and closing it. */
export interface StoreConnection {
  health(): StoreHealth;
  close(): Promise<void>;
}

/** Both implementations provide each job's interface; each user asks only for the jobs it needs. */
export interface EnquiryStore extends EnquiryRecords, DeliveryQueueStore, SenderLeaseStore, StoreConnection {}

/** Error codes of a mail server refusing the login: wrong credentials are a problem from the first enquiry. */
export const refusedLoginCodes: readonly string[] = ['SMTP 535', 'SMTP 534', 'EAUTH'];

/** The figures of each channel from its enquiries: the file store's way; PostgreSQL does the same in SQL. */
export function figuresOf(enquiries: readonly StoredEnquiry[]): Record<Channel, ChannelFigures> {
  const figures = {} as Record<Channel, ChannelFigures>;
  for (const channel of ['hubspot', 'email'] as const) {
    const one: ChannelFigures = { pending: 0, failed: 0, oldestPendingAt: null, refusedLogin: 0 };
    let lastFailedAt = -Infinity;
    let lastSentAt = -Infinity;
    for (const enquiry of enquiries) {
      if (enquiry.spam) continue;
      const state = enquiry.delivery[channel];
      const progress = enquiry.progress[channel];
      if (state === 'sent') {
        const sentAt = Date.parse(progress.sentAt ?? '');
        if (channel === 'hubspot' && sentAt > lastSentAt) {
          lastSentAt = sentAt;
          one.missingFields = progress.missingFields;
        }
        continue;
      }
      if (state !== 'pending' && state !== 'failed') continue;
      one[state] += 1;
      if (state === 'pending') {
        const receivedAt = Date.parse(enquiry.receivedAt);
        one.oldestPendingAt = Math.min(one.oldestPendingAt ?? receivedAt, receivedAt);
        if (progress.lastErrorCode && refusedLoginCodes.includes(progress.lastErrorCode)) one.refusedLogin += 1;
      }
      const attemptedAt = Date.parse(progress.lastAttemptAt ?? '');
      if (progress.lastErrorCode && attemptedAt > lastFailedAt) {
        lastFailedAt = attemptedAt;
        one.lastErrorCode = progress.lastErrorCode;
      }
    }
    if (!one.missingFields?.length) delete one.missingFields;
    figures[channel] = one;
  }
  return figures;
}

export interface OpenOptions {
  /** New, non-spam enquiries start `pending` on these channels. */
  enabled: EnabledChannels;
  /** Where a store says that its database went away (with the details /healthz leaves out) and came back. */
  logger?: { info(message: string): void; error(message: string): void };
}
