/**
 * Whether every lead is being delivered, and telling the studio when one is not.
 *
 * - `report()`: /healthz's figures per configured channel (pending, failed, the oldest pending's age), the delivery
 *   problems as reasons and what an operator should fix as warnings. Read from the store (briefly cached), so every
 *   instance sharing a database answers the same; never waited on for longer than `lastFigures` waits: a database
 *   that hangs or answers slowly gets the last figures read, with their age, while the read goes on in the background
 *   (a load balancer's health check gives up after 1 to 5 s). Never a visitor's details.
 * - A *delivery problem*: a channel with a failed delivery, a pending one older than DELIVERY_ALERT_MINUTES, or a
 *   pending one whose last attempt met a refused login (a wrong SMTP password fails every enquiry: no need to wait).
 * - Channels beyond the enquiries' (the newsletter's hand-on, `watched`) give their figures in the same shape: their
 *   problems are decided, recorded and announced by the same rules, under the same lease.
 * - Alerts: the outbox's loop asks `alertsDue()` every 5 s, and its sender, holding the lease, has `announce()`
 *   compare the problems with the alert state kept in the store and announce each start and each end once
 *   (alerts.server.ts), so a lease handover never repeats one (decisions/delivery-alerts.md). A receiver that fails
 *   is tried again on the delivery backoff, a few times, then given up with a log line.
 * - SMTP_URL's connection and login are checked at start, and every minute while the check fails; a failure is a
 *   log line and a warning at once.
 */
import type { Config } from '../config.server.ts';
import { sendAlert, type DeliveryAlert } from './alerts.server.ts';
import {
  channelNames,
  deliveryChannels,
  deliveryPolicy,
  retryDelayMs,
  type DeliveryLogger,
  type DeliveryPolicy,
} from './delivery-policy.server.ts';
import type {
  AlertChannel,
  AlertState,
  ChannelFigures,
  DeliveryQueueStore,
  SenderLease,
} from './enquiry-store.server.ts';
import { channels, type Channel } from './enquiry.ts';
import { lastFigures } from './last-figures.server.ts';
import type { MailFailure, Mailer } from './mail.server.ts';

export interface ChannelReport {
  pending: number;
  failed: number;
  oldestPendingSeconds: number | null;
}

export interface DeliveryReport {
  /** Per configured channel, as last read; absent until the store has been read once. */
  deliveries?: Partial<Record<Channel, ChannelReport>>;
  /** How long ago `deliveries` were read. */
  ageSeconds?: number;
  /** One reason per channel with a delivery problem, for /healthz's `reason`. */
  problems: string[];
  warnings: string[];
}

export interface DeliveryHealth {
  report(): Promise<DeliveryReport>;
  /** Whether a problem started or ended unannounced, or an alert is due again: reads only, no lease needed. */
  alertsDue(): Promise<boolean>;
  /** Holding the sender's lease: records each channel's problem starting or ending, and announces it once. */
  announce(lease: SenderLease): Promise<void>;
  stop(): void;
}

export const unreachable = 'the enquiry database cannot be reached';

/** Whether a channel's figures are a delivery problem now (see the module's comment). */
function isProblem(figures: ChannelFigures, now: number, alertMs: number): boolean {
  if (figures.failed > 0 || figures.refusedLogin > 0) return true;
  return figures.oldestPendingAt !== null && now - figures.oldestPendingAt > alertMs;
}

export const noFigures: ChannelFigures = { pending: 0, failed: 0, oldestPendingAt: null, refusedLogin: 0 };

/** A channel's figures as /healthz shows them. */
export const channelReport = ({ pending, failed, oldestPendingAt }: ChannelFigures, now: number): ChannelReport => ({
  pending,
  failed,
  oldestPendingSeconds: oldestPendingAt === null ? null : Math.max(0, Math.floor((now - oldestPendingAt) / 1000)),
});

const undelivered = (figures: ChannelFigures) => figures.pending + figures.failed;

/** The public reason for a channel's problem: channel, count and error code, nothing of a visitor. */
function problemReason(channel: Channel, figures: ChannelFigures): string {
  const count = undelivered(figures);
  return `${channelNames[channel]} delivery problem: ${count} enquir${count === 1 ? 'y' : 'ies'} not delivered (last error ${figures.lastErrorCode ?? 'none yet'})`;
}

/** What a failed SMTP check means, in words fit for a public /healthz (no host, no user). */
function smtpWarning(failure: MailFailure): string {
  if (failure.refusedLogin) {
    return 'the mail server (SMTP_URL) refused the login: enquiry emails cannot be sent until its user name or password is fixed';
  }
  return `the mail server (SMTP_URL) cannot be reached or refused the connection (${failure.code}): enquiry emails wait until it answers`;
}

/** A channel's alert state before its first problem. */
const quiet: AlertState = {
  state: 'ok',
  since: new Date(0).toISOString(),
  alert: 'none',
  attempts: 0,
  count: 0,
  code: '',
};

/** A channel's alert state after a look at its figures: a problem that starts or ends is a new state. */
function nextAlertState(previous: AlertState, figures: ChannelFigures, now: number, alertMs: number): AlertState {
  const problem = isProblem(figures, now, alertMs);
  const since = new Date(now).toISOString();
  if (problem && previous.state === 'ok') {
    const code = figures.lastErrorCode ?? 'PENDING_TOO_LONG';
    return { state: 'problem', since, alert: 'pending', attempts: 0, count: undelivered(figures), code };
  }
  if (!problem && previous.state === 'problem') {
    // Its start was never announced: nothing to say about its end either.
    const alert = previous.alert === 'sent' ? 'pending' : 'none';
    return { state: 'ok', since, alert, attempts: 0, count: undelivered(figures), code: previous.code };
  }
  return previous;
}

const alertDue = (state: AlertState, now: number) =>
  state.alert === 'pending' && !(Date.parse(state.retryAt ?? '') > now);

/** Channels other than the enquiries' whose delivery problems are announced as theirs are. */
export interface WatchedChannels {
  /** The configured ones. */
  channels: readonly AlertChannel[];
  /** Their figures now, read from the store. */
  figures(): Promise<Partial<Record<AlertChannel, ChannelFigures>>>;
}

const noneWatched: WatchedChannels = { channels: [], figures: () => Promise.resolve({}) };

export function startDeliveryHealth({
  store,
  config,
  logger,
  mailer,
  policy = deliveryPolicy,
  watched = noneWatched,
}: {
  store: DeliveryQueueStore;
  config: Config;
  logger: DeliveryLogger;
  /** The process's one SMTP transport: checked at start, and the alerts' email without a webhook. */
  mailer: Mailer | undefined;
  policy?: DeliveryPolicy;
  watched?: WatchedChannels;
}): DeliveryHealth {
  const { health: healthPolicy, backoff } = policy;
  const on = deliveryChannels(config);
  const enabled = channels.filter((channel) => on[channel]);
  const { deliveryAlertMs } = config.enquiries;
  let smtpProblem: string | undefined;
  let smtpRecheck: NodeJS.Timeout | undefined;
  let stopped = false;
  async function checkSmtp(): Promise<void> {
    if (!mailer || stopped) return;
    const result = await mailer.verify();
    if (result.ok) {
      if (smtpProblem) logger.info({}, 'the SMTP check passes again');
      smtpProblem = undefined;
      return;
    }
    const warning = smtpWarning(result);
    // The log may name the server; /healthz may not.
    if (warning !== smtpProblem)
      logger.error({ code: result.code, host: mailer.host }, `SMTP check failed: ${warning}`);
    smtpProblem = warning;
    if (!stopped) smtpRecheck = setTimeout(() => void checkSmtp(), healthPolicy.smtpRecheckMs);
  }

  /** The figures, read again once older than `reportCacheMs`, one read at a time; /healthz never waits on them. */
  const cache = lastFigures(() => store.deliveryFigures(), { cacheMs: healthPolicy.reportCacheMs });

  async function report(): Promise<DeliveryReport> {
    const warnings = smtpProblem ? [smtpProblem] : [];
    if (!enabled.length) return { problems: [], warnings };
    const { figures: all, ageSeconds, unreachable: unreached } = await cache.latest();
    const problems: string[] = unreached ? [unreachable] : [];
    if (!all) return { problems, warnings };
    const now = Date.now();
    const deliveries: Partial<Record<Channel, ChannelReport>> = {};
    for (const channel of enabled) {
      const one = all[channel];
      deliveries[channel] = channelReport(one, now);
      if (isProblem(one, now, deliveryAlertMs)) problems.push(problemReason(channel, one));
      if (channel === 'hubspot' && one.missingFields?.length) {
        warnings.push(
          `the HubSpot form lacks the field${one.missingFields.length === 1 ? '' : 's'} ${one.missingFields.join(', ')}: enquiries reach HubSpot with those values in the message; add the fields to the form`,
        );
      }
    }
    return { deliveries, ...(ageSeconds === undefined ? {} : { ageSeconds }), problems, warnings };
  }

  /** Every announced channel's figures: the enquiries' (`enquiryFigures` read them) and the watched ones'. */
  const alerted: readonly AlertChannel[] = [...enabled, ...watched.channels];
  async function alertFigures(
    enquiryFigures: () => Promise<Record<Channel, ChannelFigures>>,
  ): Promise<Partial<Record<AlertChannel, ChannelFigures>>> {
    const [own, others] = await Promise.all([
      enabled.length ? enquiryFigures() : {},
      watched.channels.length ? watched.figures() : {},
    ]);
    return { ...own, ...others };
  }

  async function alertsDue(): Promise<boolean> {
    if (!alerted.length) return false;
    const [all, states] = await Promise.all([alertFigures(() => cache.read()), store.alertStates()]);
    const now = Date.now();
    return alerted.some((channel) => {
      const previous = states[channel] ?? quiet;
      const next = nextAlertState(previous, all[channel] ?? noFigures, now, deliveryAlertMs);
      return next !== previous || alertDue(next, now);
    });
  }

  async function announce(lease: SenderLease): Promise<void> {
    const [all, states] = await Promise.all([alertFigures(() => store.deliveryFigures()), store.alertStates()]);
    const now = Date.now();
    for (const channel of alerted) {
      if (lease.lost()) return;
      const previous = states[channel] ?? quiet;
      const next = nextAlertState(previous, all[channel] ?? noFigures, now, deliveryAlertMs);
      // Recorded before the alert goes: the next holder, here or elsewhere, knows it is due.
      if (next !== previous) await store.saveAlertState(channel, next);
      if (!alertDue(next, now)) continue;
      const alert: DeliveryAlert = {
        event: next.state === 'problem' ? 'delivery_problem' : 'delivery_recovered',
        channel,
        count: next.count,
        code: next.code,
      };
      const outcome = await sendAlert(alert, { config, mailer });
      const details = { channel, event: alert.event, code: next.code };
      if (outcome.ok === 'none') {
        logger.error(details, `${alert.event.replace('_', ' ')} (no ALERT_WEBHOOK_URL to announce it)`);
        await store.saveAlertState(channel, { ...next, alert: 'none' });
      } else if (outcome.ok) {
        logger.info({ ...details, via: outcome.via }, `alert sent: ${alert.event.replace('_', ' ')}`);
        await store.saveAlertState(channel, { ...next, alert: 'sent', attempts: next.attempts + 1 });
      } else {
        const attempts = next.attempts + 1;
        const givenUp = attempts >= healthPolicy.alertAttempts;
        logger.error(
          { ...details, alertError: outcome.code, attempts },
          givenUp ? 'the alert receiver kept failing: alert given up' : 'the alert receiver failed: will try again',
        );
        await store.saveAlertState(channel, {
          ...next,
          attempts,
          alert: givenUp ? 'gave-up' : 'pending',
          retryAt: new Date(Date.now() + retryDelayMs(attempts, backoff)).toISOString(),
        });
      }
    }
  }

  void checkSmtp();
  return {
    report,
    alertsDue,
    announce,
    stop() {
      stopped = true;
      clearTimeout(smtpRecheck);
    },
  };
}
