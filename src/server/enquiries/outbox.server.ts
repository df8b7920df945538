/**
 * The enquiries' outbox: every stored, non-spam enquiry whose channel is `pending` is forwarded to HubSpot
 * and/or emailed, at least once, by whichever serving process holds the sender's lease (one at a time across
 * every process and machine sharing the store). The lease's holder also announces delivery problems.
 *
 * - One loop per process looks at the store at start, after each enquiry it stores, and every `pollMs` (cheaply),
 *   and every 5 s asks delivery health whether an alert is due. When something is due it takes the lease, if free,
 *   and holds it while it has work: a worker per channel, each sending that channel's due deliveries one after
 *   another, so a slow mail server never holds up HubSpot, nor the other way round; and a worker for the alerts,
 *   so a slow webhook holds up no lead.
 * - The state lives in the store (`delivery` and `progress` per channel), so a restart, another instance or
 *   `npm run enquiries -- retry` all see the same queue. Each delivery is claimed until a deadline, sent with
 *   nothing held open in the store, and its outcome recorded afterwards (docs/decisions/enquiry-database.md).
 * - Retries follow `deliveryPolicy` (delivery-policy.server.ts); HubSpot's limit counts every instance's attempts,
 *   read from the store.
 * - Logs name the enquiry id, the channel and an error code only, never a visitor's details.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from '../config.server.ts';
import { startDeliveryHealth, type DeliveryHealth, type WatchedChannels } from './delivery-health.server.ts';
import {
  channelNames,
  deliveryChannels,
  deliveryPolicy,
  retryDelayMs,
  type DeliveryLogger,
  type DeliveryPolicy,
} from './delivery-policy.server.ts';
import { notifyByEmail } from './email.server.ts';
import {
  isStoreUnreachable,
  type DeliveryClaim,
  type DeliveryQueueStore,
  type RecentDelivery,
  type SenderLease,
  type SenderLeaseStore,
} from './enquiry-store.server.ts';
import {
  channels,
  type AttemptResult,
  type Channel,
  type ChannelProgress,
  type Outcome,
  type StoredEnquiry,
} from './enquiry.ts';
import { forwardToHubSpot } from './hubspot.server.ts';
import { createMailer, type Mailer } from './mail.server.ts';

export interface Outbox extends Pick<DeliveryHealth, 'report'> {
  /** A new enquiry was stored: look for work now rather than at the next poll. */
  wake(): void;
  /** Stops after aborting what is in flight (it stays pending and is sent again later); releases the lease. */
  stop(): Promise<void>;
  /** The process's one SMTP transport (SMTP_URL), for the other emails the site sends. */
  readonly mailer?: Mailer;
}

/** The channel's next state and history after an attempt that came to `outcome`. */
export function afterAttempt(
  progress: ChannelProgress,
  outcome: Outcome,
  startedAt: number,
  backoff: DeliveryPolicy['backoff'] = deliveryPolicy.backoff,
): AttemptResult {
  const attempts = progress.attempts + 1;
  const next: ChannelProgress = { attempts, lastAttemptAt: new Date(startedAt).toISOString() };
  if (outcome.kind === 'sent') {
    const missingFields = outcome.missingFields?.length ? { missingFields: outcome.missingFields } : {};
    return { state: 'sent', progress: { ...next, sentAt: new Date().toISOString(), ...missingFields } };
  }
  if (outcome.kind === 'retry' && attempts < backoff.maxAttempts) {
    const delay = Math.max(outcome.afterMs ?? 0, retryDelayMs(attempts, backoff));
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
 * What is recorded, in a write of its own, when the store refuses an attempt's outcome for good: sending the lead
 * again would meet the same refusal each time its claim ended, so the delivery fails instead, saying why (`show`,
 * /healthz) until an operator's `retry`.
 */
function refusedOutcome(claim: DeliveryClaim, result: AttemptResult, code: string): AttemptResult {
  return {
    state: 'failed',
    progress: {
      attempts: claim.enquiry.progress[claim.channel].attempts + 1,
      lastError: `the store refused to record this attempt's outcome (${result.state}): store error ${code}`,
      lastErrorCode: `STORE ${code}`,
    },
  };
}

/**
 * The start times of the recent attempts, for the rate limit of a sender that has just taken the lease. The store
 * keeps each delivery's last attempt and its count; an earlier attempt can fall in the window too (a first retry
 * comes 5 s after the first try). The backoff puts each earlier attempt at least its delay before the next, so it is
 * counted at that latest possible time: counting an attempt later than it happened only slows the pace.
 */
export function attemptTimes(
  deliveries: readonly RecentDelivery[],
  { hubspotRate, backoff }: Pick<DeliveryPolicy, 'hubspotRate' | 'backoff'> = deliveryPolicy,
): number[] {
  const times: number[] = [];
  for (const { lastAttemptAt, attempts } of deliveries) {
    times.push(lastAttemptAt);
    let at = lastAttemptAt;
    for (let attempt = attempts - 1; attempt >= 1; attempt -= 1) {
      at -= retryDelayMs(attempt, backoff);
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
  policy = deliveryPolicy,
  watched,
}: {
  store: DeliveryQueueStore & SenderLeaseStore;
  config: Config;
  logger: DeliveryLogger;
  policy?: DeliveryPolicy;
  /** Other channels whose delivery problems this outbox announces (the newsletter's hand-on). */
  watched?: WatchedChannels;
}): Outbox {
  const { pollMs, hubspotRate, attemptTimeoutMs, claimMarginMs, recordRetryMs, backoff } = policy;
  const on = deliveryChannels(config);
  const enabled = channels.filter((channel) => on[channel]);
  // The process's one SMTP transport: the staff's emails, the SMTP check and the alerts by email.
  const mailer = createMailer(config);
  const health = startDeliveryHealth({ store, config, logger, mailer, policy, watched });
  const send: Record<Channel, (enquiry: StoredEnquiry, signal: AbortSignal) => Promise<Outcome>> = {
    hubspot: (enquiry, signal) => forwardToHubSpot(enquiry, config, { signal, timeoutMs: attemptTimeoutMs.hubspot }),
    email: (enquiry, signal) =>
      mailer
        ? notifyByEmail(mailer, enquiry, config, { signal, timeoutMs: attemptTimeoutMs.email })
        : Promise.resolve({ kind: 'failed', code: 'NO_SMTP', reason: 'SMTP_URL is not set' }),
  };

  const stopping = new AbortController();
  let napping = new AbortController();
  let woken = false;
  let warnedWaiting = false;
  let lastProblem: string | undefined;
  let nextHealthCheck = 0;
  /** Start times of HubSpot attempts in the current window, this process's and (read at each lease) others'. */
  let recentSends: number[] = [];
  /** The sender's lease while this process holds it, and the work under it: a worker per channel, and the alerts. */
  let lease: SenderLease | undefined;
  const workers = new Map<Channel | 'alerts', Promise<void>>();

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
        // A monotonic clock: a wall clock set back must not stop the checks.
        let alertsDue = false;
        if (performance.now() >= nextHealthCheck) {
          nextHealthCheck = performance.now() + policy.health.checkMs;
          alertsDue = await health.alertsDue();
        }
        const deliveriesDue = queue.dueAt <= Date.now();
        if (deliveriesDue || alertsDue) await startWork({ deliveries: deliveriesDue, alerts: alertsDue });
        if (!deliveriesDue) waitMs = Math.min(pollMs, queue.dueAt - Date.now());
        waitMs = Math.min(waitMs, nextHealthCheck - performance.now());
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
   * Under the lease (taken when none is held; another process may hold it): a worker for each channel that has
   * none, which sends that channel's due deliveries one after another and ends when none is left; and the alerts'
   * worker, which announces what is due and ends. The alerts have a worker of their own, so that a webhook that
   * does not answer holds up no delivery.
   */
  async function startWork(due: { deliveries: boolean; alerts: boolean }) {
    if (!lease) {
      lease = await store.takeSenderLease();
      if (!lease) return;
      recentSends = attemptTimes(await store.recentAttempts('hubspot', hubspotRate.windowMs), policy);
    }
    const held = lease;
    const start = (name: Channel | 'alerts', task: () => Promise<void>) => {
      if (workers.has(name)) return;
      workers.set(
        name,
        task().finally(() => workers.delete(name)),
      );
    };
    if (due.deliveries) for (const channel of enabled) start(channel, () => work(channel, held));
    if (due.alerts) start('alerts', () => health.announce(held).catch(stalled));
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
    const details = { enquiry: enquiry.id, channel };
    if (claim.afterUnrecorded) {
      logger.warn(
        details,
        `enquiry ${channelNames[channel]} delivery sent again after an attempt whose outcome was not recorded: the lead may arrive twice`,
      );
    }
    const startedAt = Date.now();
    if (channel === 'hubspot') recentSends.push(startedAt);
    const outcome = await send[channel](enquiry, stopping.signal);
    // Cut short by stop(): not an attempt; it is given back and sent again after the restart.
    if (stopping.signal.aborted && outcome.kind !== 'sent') {
      await record(claim);
      return false;
    }
    const result = afterAttempt(enquiry.progress[channel], outcome, startedAt, backoff);
    const recorded = await record(claim, result);
    if (recorded === 'unrecorded') return true;
    if (recorded !== 'recorded') {
      logger.error(
        { ...details, outcome: result.state, code: recorded.code, reason: recorded.reason },
        'the store refused the outcome of an enquiry delivery: the delivery is marked failed',
      );
      const marked = await record(claim, refusedOutcome(claim, result, recorded.code));
      if (typeof marked === 'object') {
        logger.error({ ...details, code: marked.code }, 'the outcome of an enquiry delivery could not be recorded');
      }
      return true;
    }
    const attempts = { ...details, attempts: result.progress.attempts };
    if (outcome.kind === 'sent' && outcome.missingFields?.length) {
      logger.warn(
        { ...attempts, missingFields: outcome.missingFields },
        'enquiry forwarded to HubSpot without fields its form lacks (their values are in the message): add them to the HubSpot form',
      );
    } else if (outcome.kind === 'sent') {
      logger.info(attempts, channel === 'hubspot' ? 'enquiry forwarded to HubSpot' : 'enquiry notified by email');
    } else if (result.state === 'pending') {
      logger.warn(
        { ...attempts, code: outcome.code, retryAt: result.progress.retryAt },
        `enquiry ${channelNames[channel]} delivery will be retried`,
      );
    } else {
      logger.error({ ...attempts, code: outcome.code }, `enquiry ${channelNames[channel]} delivery failed`);
    }
    return true;
  }

  /**
   * Records an outcome, trying again while the store cannot be reached (a database restarting) and the claim has
   * not ended: the provider has answered, and a record lost here would have the delivery sent again once its claim
   * ends. Past the claim's deadline another sender may hold the delivery: that is logged and the worker moves on.
   * A store that refuses the outcome for good (its error's code says so) is left to the caller, with that code and
   * its reason. Stops trying when stopping.
   */
  async function record(
    claim: DeliveryClaim,
    result?: AttemptResult,
  ): Promise<'recorded' | 'unrecorded' | { code: string; reason: string }> {
    for (let waitMs: number = recordRetryMs.first; ; waitMs = Math.min(waitMs * 2, recordRetryMs.max)) {
      try {
        await store.recordOutcome(claim, result);
        return 'recorded';
      } catch (error) {
        const raw = (error as { code?: unknown }).code;
        const code = typeof raw === 'string' ? raw : 'STORE';
        if (!isStoreUnreachable(error) && result) return { code, reason: (error as Error).message };
        if (!isStoreUnreachable(error) || Date.now() + waitMs >= claim.deadline) {
          logger.error(
            { enquiry: claim.enquiry.id, channel: claim.channel, code },
            'the outcome of an enquiry delivery could not be recorded',
          );
          return 'unrecorded';
        }
        stalled(error);
        if (stopping.signal.aborted) return 'unrecorded';
      }
      await sleep(waitMs, stopping.signal);
    }
  }

  const running = run();
  return {
    wake,
    mailer,
    report: () => health.report(),
    async stop() {
      stopping.abort();
      await running;
      await Promise.all(workers.values());
      await lease?.release();
      health.stop();
      mailer?.close();
    },
  };
}

/** Resolves after `ms`, or early (without error) when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  // A timer takes at most 2³¹−1 ms: Node fires a longer (or negative) one at once, with a warning.
  return delay(Math.max(0, Math.min(ms, 2 ** 31 - 1)), undefined, { signal }).catch(() => undefined);
}
