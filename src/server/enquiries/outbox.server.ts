/**
 * The enquiries' outbox: every stored, non-spam enquiry whose channel is `pending` is forwarded to HubSpot
 * and/or emailed, at least once, by whichever serving process holds the sender's lease (one at a time across
 * every process and machine sharing the store).
 *
 * - The state lives in the store (`delivery` and `progress` per channel), so a restart, another instance or
 *   `npm run enquiries -- retry` all see the same queue; each process looks at it at start, after each enquiry
 *   it stores, and every `pollMs` (cheaply).
 * - Each delivery is claimed until a deadline, sent with nothing held open in the store, and its outcome recorded
 *   afterwards (docs/decisions/enquiry-database.md). Each channel has a worker of its own, so a slow mail server
 *   never holds up HubSpot, nor the other way round.
 * - Retries follow `deliveryPolicy` below; HubSpot's limit counts every instance's attempts, read from the store.
 * - Logs name the enquiry id, the channel and an error code only, never a visitor's details.
 */
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.server.ts';
import { createMailer, notifyByEmail } from './email.server.ts';
import {
  isStoreUnreachable,
  type AttemptResult,
  type DeliveryClaim,
  type DeliveryQueueStore,
  type RecentDelivery,
  type SenderLease,
  type SenderLeaseStore,
} from './enquiry-store.server.ts';
import { channels, type Channel, type ChannelProgress, type StoredEnquiry } from './enquiry.ts';
import { forwardToHubSpot } from './hubspot.server.ts';

/** How delivery retries and paces itself: change it here. */
export const deliveryPolicy = {
  /** How often an idle process looks for work another process queued. */
  pollMs: 2_000,
  /** HubSpot accepts 50 submissions per 10 s from one portal: stay under it, counted over every instance. */
  hubspotRate: { max: 45, windowMs: 10_000 },
  /** Retry delays: base × 2^(attempt−1), at most maxMs; after maxAttempts the channel is `failed`. */
  backoff: { baseMs: 5_000, maxMs: 60 * 60 * 1000, maxAttempts: 30 },
  /** Time allowed for one HubSpot request or SMTP step. */
  requestTimeoutMs: 10_000,
  /** Time allowed for one whole attempt on each channel (an SMTP server may answer each step just in time). */
  attemptTimeoutMs: { hubspot: 10_000, email: 30_000 },
  /**
   * A claim outlives its attempt by this much, so the sender can record the outcome (through a short database
   * restart too) before anyone may claim the delivery again; a sender that died is replaced after it.
   */
  claimMarginMs: 20_000,
  /** Between tries to record an outcome the store could not take (the database restarting, say). */
  recordRetryMs: { first: 250, max: 5_000 },
} as const;

/** How long to wait after a failed attempt, the `attempt`th (1, 2, …): the one backoff formula of every retry. */
export function retryDelayMs(attempt: number): number {
  const { baseMs, maxMs } = deliveryPolicy.backoff;
  return Math.min(baseMs * 2 ** (attempt - 1), maxMs);
}

/** What one attempt on a channel came to. */
export type Outcome =
  /** `missingFields`: HubSpot's form lacks them; the submission went without them (their values in its message). */
  | { kind: 'sent'; missingFields?: string[] }
  | { kind: 'retry'; reason: string; code: string; afterMs?: number }
  | { kind: 'failed'; reason: string; code: string };

export type DeliveryLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

export interface Outbox {
  /** A new enquiry was stored: look for work now rather than at the next poll. */
  wake(): void;
  /** Stops after aborting what is in flight (it stays pending and is sent again later); releases the lease. */
  stop(): Promise<void>;
}

/** Which channels the configuration turns on; the store marks new enquiries `pending` for these. */
export function deliveryChannels(config: Config): Record<Channel, boolean> {
  const { portalId, formId } = config.public.hubspot;
  return { hubspot: Boolean(portalId && formId), email: Boolean(config.enquiries.smtpUrl) };
}

const channelNames: Record<Channel, string> = { hubspot: 'HubSpot', email: 'email' };

/** The channel's next state and history after an attempt that came to `outcome`. */
export function afterAttempt(progress: ChannelProgress, outcome: Outcome, startedAt: number): AttemptResult {
  const attempts = progress.attempts + 1;
  const next: ChannelProgress = { attempts, lastAttemptAt: new Date(startedAt).toISOString() };
  const { backoff } = deliveryPolicy;
  if (outcome.kind === 'sent') {
    const missingFields = outcome.missingFields?.length ? { missingFields: outcome.missingFields } : {};
    return { state: 'sent', progress: { ...next, sentAt: new Date().toISOString(), ...missingFields } };
  }
  if (outcome.kind === 'retry' && attempts < backoff.maxAttempts) {
    const delay = Math.max(outcome.afterMs ?? 0, retryDelayMs(attempts));
    return {
      state: 'pending',
      progress: {
        ...next,
        retryAt: new Date(Date.now() + delay).toISOString(),
        lastError: outcome.reason,
        lastErrorCode: outcome.code,
      },
    };
  }
  const lastError = outcome.kind === 'retry' ? `gave up after ${attempts} attempts: ${outcome.reason}` : outcome.reason;
  return { state: 'failed', progress: { ...next, lastError, lastErrorCode: outcome.code } };
}

/**
 * The start times of the recent attempts, for the rate limit of a sender that has just taken the lease. The store
 * keeps each delivery's last attempt and its count; an earlier attempt can fall in the window too (a first retry
 * comes 5 s after the first try). The backoff puts each earlier attempt at least its delay before the next, so it is
 * counted at that latest possible time: counting an attempt later than it happened only slows the pace.
 */
export function attemptTimes(deliveries: readonly RecentDelivery[]): number[] {
  const { hubspotRate } = deliveryPolicy;
  const times: number[] = [];
  for (const { lastAttemptAt, attempts } of deliveries) {
    times.push(lastAttemptAt);
    let at = lastAttemptAt;
    for (let attempt = attempts - 1; attempt >= 1; attempt -= 1) {
      at -= retryDelayMs(attempt);
      if (at <= lastAttemptAt - hubspotRate.windowMs) break;
      times.push(at);
    }
  }
  return times.sort((a, b) => a - b);
}

export function startOutbox({
  store,
  config,
  logger,
}: {
  store: DeliveryQueueStore & SenderLeaseStore;
  config: Config;
  logger: DeliveryLogger;
}): Outbox {
  const { pollMs, hubspotRate, requestTimeoutMs, attemptTimeoutMs, claimMarginMs, recordRetryMs } = deliveryPolicy;
  const on = deliveryChannels(config);
  const mailer: Transporter | undefined = config.enquiries.smtpUrl
    ? createMailer(config.enquiries.smtpUrl, requestTimeoutMs)
    : undefined;
  const send: Record<Channel, (enquiry: StoredEnquiry, signal: AbortSignal) => Promise<Outcome>> = {
    hubspot: (enquiry, signal) => forwardToHubSpot(enquiry, config, { signal, timeoutMs: attemptTimeoutMs.hubspot }),
    email: (enquiry, signal) =>
      mailer
        ? notifyByEmail(mailer, enquiry, config, { signal, timeoutMs: attemptTimeoutMs.email })
        : Promise.resolve({ kind: 'failed', code: 'NO_SMTP', reason: 'SMTP_URL is not set' }),
  };
  const enabled = channels.filter((channel) => on[channel]);

  const stopping = new AbortController();
  let napping = new AbortController();
  let woken = false;
  let warnedWaiting = false;
  let lastProblem: string | undefined;
  /** Start times of HubSpot attempts in the current window, this process's and (read at each lease) others'. */
  let recentSends: number[] = [];
  /** The sender's lease while this process holds it, and the channel workers sending under it. */
  let lease: SenderLease | undefined;
  const workers = new Map<Channel, Promise<void>>();

  function wake() {
    woken = true;
    napping.abort();
  }

  /** Logged once per problem, not at every poll while the store stays unreachable. */
  function stalled(error: unknown) {
    const message = (error as Error).message;
    if (message !== lastProblem) logger.error({ err: { message } }, 'enquiry delivery is stalled');
    lastProblem = message;
  }

  async function run() {
    while (!stopping.signal.aborted) {
      woken = false;
      let waitMs: number = pollMs;
      try {
        if (lease && (lease.lost() || !workers.size)) {
          await lease.release();
          lease = undefined;
        }
        const queue = await store.queue(enabled);
        if (queue.waiting && !warnedWaiting) {
          warnedWaiting = true;
          logger.warn(
            { count: queue.waiting },
            'enquiries wait for a channel that is not configured (HUBSPOT_PORTAL_ID/HUBSPOT_FORM_ID or SMTP_URL)',
          );
        }
        if (queue.dueAt <= Date.now()) await startWorkers();
        else waitMs = Math.min(pollMs, queue.dueAt - Date.now());
        lastProblem = undefined;
      } catch (error) {
        stalled(error);
      }
      if (stopping.signal.aborted) break;
      // An enquiry stored during that pass, or a worker that sent something: look again at once.
      if (woken) continue;
      napping = new AbortController();
      await sleep(waitMs, AbortSignal.any([napping.signal, stopping.signal]));
    }
  }

  /**
   * Under the lease (taken when none is held; another process may hold it), a worker for each channel that has
   * none: it sends that channel's due deliveries one after another, and ends when none is left.
   */
  async function startWorkers() {
    if (!lease) {
      lease = await store.takeSenderLease();
      if (!lease) return;
      recentSends = attemptTimes(await store.recentAttempts('hubspot', hubspotRate.windowMs));
    }
    const held = lease;
    for (const channel of enabled) {
      if (workers.has(channel)) continue;
      workers.set(
        channel,
        work(channel, held).finally(() => workers.delete(channel)),
      );
    }
  }

  async function work(channel: Channel, held: SenderLease) {
    let sent = 0;
    try {
      while (!stopping.signal.aborted && !held.lost() && (await deliverOne(channel, held))) sent += 1;
    } catch (error) {
      stalled(error);
    }
    // Sent nothing: what is due is claimed by another sender, so wait a poll rather than ask again at once.
    if (sent) wake();
  }

  async function waitForRateSlot() {
    for (;;) {
      const now = Date.now();
      recentSends = recentSends.filter((at) => at > now - hubspotRate.windowMs);
      if (recentSends.length < hubspotRate.max) return;
      await sleep((recentSends[0] ?? now) + hubspotRate.windowMs - now, stopping.signal);
      if (stopping.signal.aborted) return;
    }
  }

  /** Claims, sends and records one delivery on `channel`; false when nothing was due. */
  async function deliverOne(channel: Channel, held: SenderLease): Promise<boolean> {
    // The pace is kept before the claim, so no claim waits on it; the lease may have gone during the wait. The
    // store checks the lease again as it writes the claim.
    if (channel === 'hubspot') await waitForRateSlot();
    if (stopping.signal.aborted || held.lost()) return false;
    const claim = await store.claimNext(channel, attemptTimeoutMs[channel] + claimMarginMs, held);
    if (!claim) return false;
    const { enquiry } = claim;
    const startedAt = Date.now();
    if (channel === 'hubspot') recentSends.push(startedAt);
    const outcome = await send[channel](enquiry, stopping.signal);
    // Cut short by stop(): not an attempt; it is given back and sent again after the restart.
    if (stopping.signal.aborted && outcome.kind !== 'sent') {
      await record(claim);
      return false;
    }
    const result = afterAttempt(enquiry.progress[channel], outcome, startedAt);
    // Not recorded: already logged as such, and the delivery is due again once its claim ends.
    if (!(await record(claim, result))) return true;
    const details = { enquiry: enquiry.id, channel, attempts: result.progress.attempts };
    if (outcome.kind === 'sent' && outcome.missingFields?.length) {
      logger.warn(
        { ...details, missingFields: outcome.missingFields },
        'enquiry forwarded to HubSpot without fields its form lacks (their values are in the message): add them to the HubSpot form',
      );
    } else if (outcome.kind === 'sent') {
      logger.info(details, channel === 'hubspot' ? 'enquiry forwarded to HubSpot' : 'enquiry notified by email');
    } else if (result.state === 'pending') {
      logger.warn(
        { ...details, code: outcome.code, retryAt: result.progress.retryAt },
        `enquiry ${channelNames[channel]} delivery will be retried`,
      );
    } else {
      logger.error({ ...details, code: outcome.code }, `enquiry ${channelNames[channel]} delivery failed`);
    }
    return true;
  }

  /**
   * Records an outcome, trying again while the store cannot be reached (a database restarting) and the claim has
   * not ended: the provider has answered, and a record lost here would have the delivery sent again once its claim
   * ends. Past the claim's deadline another sender may hold the delivery, and an error that is not the store being
   * away will not pass by trying again: either is logged and the worker moves on. Stops trying when stopping.
   * Whether the outcome was recorded.
   */
  async function record(claim: DeliveryClaim, result?: AttemptResult): Promise<boolean> {
    for (let waitMs: number = recordRetryMs.first; ; waitMs = Math.min(waitMs * 2, recordRetryMs.max)) {
      try {
        await store.recordOutcome(claim, result);
        return true;
      } catch (error) {
        if (!isStoreUnreachable(error) || Date.now() + waitMs >= claim.deadline) {
          const code = (error as { code?: unknown }).code;
          logger.error(
            { enquiry: claim.enquiry.id, channel: claim.channel, code: typeof code === 'string' ? code : 'STORE' },
            'the outcome of an enquiry delivery could not be recorded',
          );
          return false;
        }
        stalled(error);
        if (stopping.signal.aborted) return false;
      }
      await sleep(waitMs, stopping.signal);
    }
  }

  const running = run();
  return {
    wake,
    async stop() {
      stopping.abort();
      await running;
      await Promise.all(workers.values());
      await lease?.release();
      mailer?.close();
    },
  };
}

/** Resolves after `ms`, or early (without error) when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
