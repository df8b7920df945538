/**
 * Where the site's own enquiries live: an interface per job (`EnquiryRecords`: the enquiries; `DeliveryQueueStore`:
 * their delivery, its figures and the alerts' state; `SenderLeaseStore`: the single sender's lease), each implemented
 * by a module of its own in both stores, and one contract test suite (enquiry-store.server.test.ts) run against both.
 *
 * - The file (file-store/): ENQUIRIES_FILE, one machine; the embedded default.
 * - PostgreSQL (postgres-store/): DATABASE_URL, shared by every instance that names it.
 *
 * The newsletter's subscribers are records of their own in the same store (`SubscriberRecords`, newsletter/).
 */
import type { Store as RateLimitStore } from 'express-rate-limit';
import {
  channels,
  type AttemptResult,
  type Channel,
  type EnabledChannels,
  type NewEnquiry,
  type StoredEnquiry,
} from './enquiry.ts';
import type { SubscriberRecords } from '../newsletter/subscriber-store.server.ts';

/** A store's refusal, in one line for operators; `code` classifies it (see `isStoreUnreachable`). */
export class EnquiryStoreError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * The codes of a store that cannot be reached for now, rather than one that refused the request for good: the
 * system's network errors; a file lock another process holds; PostgreSQL's connection exceptions (class 08), a
 * server shutting down or starting (57P01–57P03), a statement or lock timeout (57014, 55P03) and a session ended
 * for idling in a transaction (25P03).
 */
const unreachableCodes =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|ELOCKED|08[0-9A-Z]{3}|57P0[123]|57014|55P03|25P03)$/;

/**
 * Whether `error` means the store cannot be reached for now, by its code. A refusal for good always comes with one
 * (PostgreSQL's SQLSTATE, the system's errno, the file store's own); pg's errors of a connection that ended or timed
 * out carry none, as no answer came.
 */
export function isStoreUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code !== 'string' || unreachableCodes.test(code);
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
  /**
   * An earlier claim on this delivery ended without an outcome recorded (its sender died, or could not record in
   * time): that attempt may have reached the provider, so this one may deliver the lead a second time.
   */
  afterUnrecorded: boolean;
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
 * Every channel whose delivery problems are announced: the enquiries' and the newsletter's hand-on (a confirmed
 * subscriber to HubSpot's newsletter form, or to the newsletter webhook).
 */
export const alertChannels = [...channels, 'newsletter-hubspot', 'newsletter-webhook'] as const;
export type AlertChannel = (typeof alertChannels)[number];

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
   * the claim stamped it; without a result the delivery is given back as it was (a send cut short by a stop).
   * Nothing is recorded when the enquiry was deleted meanwhile or the claim is no longer this one (its deadline
   * passed and another sender claimed it). A result the store refuses changes nothing: the claim stays, so the
   * sender can record another result by it.
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
  alertStates(): Promise<Partial<Record<AlertChannel, AlertState>>>;
  saveAlertState(channel: AlertChannel, state: AlertState): Promise<void>;
}

/**
 * Who sends under a lease: the enquiries' outbox (deliveries and alerts), or the newsletter's hand-on, whose lease
 * is its own so that a slow newsletter receiver never holds up a lead.
 */
export type SenderJob = 'enquiries' | 'newsletter';

/** The senders' leases: one process at a time per job, across every instance, sends that job's deliveries. */
export interface SenderLeaseStore {
  /** The right to send `job`'s deliveries (the enquiries' by default), when no other process holds it. */
  takeSenderLease(job?: SenderJob): Promise<SenderLease | undefined>;
}

/** Whether the store can take enquiries now, where rate limits count, and closing it. */
export interface StoreConnection {
  health(): StoreHealth;
  /** A rate limit's counts (by its name) in the store, shared by every instance (PostgreSQL); else none. */
  rateLimitStore?: (name: string) => RateLimitStore;
  close(): Promise<void>;
}

/** Both implementations provide each job's interface; each user asks only for the jobs it needs. */
export interface EnquiryStore
  extends EnquiryRecords, DeliveryQueueStore, SenderLeaseStore, StoreConnection, SubscriberRecords {}

export interface OpenOptions {
  /** New, non-spam enquiries start `pending` on these channels. */
  enabled: EnabledChannels;
  /** Where a store says that its database went away (with the details /healthz leaves out) and came back. */
  logger?: { info(message: string): void; error(message: string): void };
}
