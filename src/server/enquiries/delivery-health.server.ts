/**
 * Whether every lead is being delivered, and telling the studio when one is not.
 *
 * - `report()`: /healthz's figures per configured channel (pending, failed, the oldest pending's age), the delivery
 *   problems as reasons and what an operator should fix as warnings. Read from the store (briefly cached), so every
 *   instance sharing a database answers the same. Never a visitor's details.
 * - A *delivery problem*: a channel with a failed delivery, a pending one older than DELIVERY_ALERT_MINUTES, or a
 *   pending one whose last attempt met a refused login (a wrong SMTP password fails every enquiry: no need to wait).
 * - Alerts: whichever process holds the sender's lease compares the problems with the alert state kept in the store
 *   and announces each start and each end once (alerts.server.ts), so a lease handover never repeats one. A receiver
 *   that fails is tried again on the delivery backoff, a few times, then given up with a log line.
 * - SMTP_URL's connection and login are checked at start; a failure is a log line and a warning at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.server.ts';
import { sendAlert, type DeliveryAlert } from './alerts.server.ts';
import { createMailer } from './email.server.ts';
import type { AlertState, ChannelFigures, DeliveryQueueStore, SenderLeaseStore } from './enquiry-store.server.ts';
import { channels, type Channel } from './enquiry.ts';
import { deliveryChannels, deliveryPolicy, retryDelayMs, type DeliveryLogger } from './outbox.server.ts';

export const healthPolicy = {
  /** How often the lease holder looks for a problem's start or end. */
  checkMs: 5_000,
  /** /healthz reads the store at most this often. */
  reportCacheMs: 2_000,
  /** Tries of one alert before it is given up (5 s, 10 s, 20 s, 40 s apart: the delivery backoff). */
  alertAttempts: 5,
  /** How often a failed SMTP check is repeated, so a fixed server clears its warning. */
  smtpRecheckMs: 60_000,
} as const;

const channelNames: Record<Channel, string> = { hubspot: 'HubSpot', email: 'email' };

export interface ChannelReport {
  pending: number;
  failed: number;
  oldestPendingSeconds: number | null;
}

export interface DeliveryReport {
  /** Per configured channel; absent while the store cannot be read. */
  deliveries?: Partial<Record<Channel, ChannelReport>>;
  /** One reason per channel with a delivery problem, for /healthz's `reason`. */
  problems: string[];
  warnings: string[];
}

export interface DeliveryHealth {
  report(): Promise<DeliveryReport>;
  stop(): Promise<void>;
}

/** Whether a channel's figures are a delivery problem now (see the module's comment). */
export function isProblem(figures: ChannelFigures, now: number, alertMs: number): boolean {
  if (figures.failed > 0 || figures.refusedLogin > 0) return true;
  return figures.oldestPendingAt !== null && now - figures.oldestPendingAt > alertMs;
}

const undelivered = (figures: ChannelFigures) => figures.pending + figures.failed;

/** The public reason for a channel's problem: channel, count and error code, nothing of a visitor. */
export function problemReason(channel: Channel, figures: ChannelFigures): string {
  const count = undelivered(figures);
  return `${channelNames[channel]} delivery problem: ${count} enquir${count === 1 ? 'y' : 'ies'} not delivered (last error ${figures.lastErrorCode ?? 'none yet'})`;
}

/** What a failed SMTP check means, in words fit for a public /healthz (no host, no user). */
export function smtpWarning(error: unknown): string {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  if (code === 'EAUTH' || responseCode === 535 || responseCode === 534) {
    return 'the mail server (SMTP_URL) refused the login: enquiry emails cannot be sent until its user name or password is fixed';
  }
  return `the mail server (SMTP_URL) cannot be reached or refused the connection (${responseCode ? `SMTP ${responseCode}` : (code ?? 'ERROR')}): enquiry emails wait until it answers`;
}

export function startDeliveryHealth({
  store,
  config,
  logger,
}: {
  store: DeliveryQueueStore & SenderLeaseStore;
  config: Config;
  logger: DeliveryLogger;
}): DeliveryHealth {
  const on = deliveryChannels(config);
  const enabled = channels.filter((channel) => on[channel]);
  const { deliveryAlertMs, smtpUrl } = config.enquiries;
  const mailer: Transporter | undefined = smtpUrl ? createMailer(smtpUrl, deliveryPolicy.requestTimeoutMs) : undefined;
  const stopping = new AbortController();
  let smtpProblem: string | undefined;
  let cached: { at: number; figures: Promise<Record<Channel, ChannelFigures>> } | undefined;

  async function checkSmtp(): Promise<void> {
    if (!mailer) return;
    try {
      await mailer.verify();
      if (smtpProblem) logger.info({}, 'the SMTP check passes again');
      smtpProblem = undefined;
    } catch (error) {
      const warning = smtpWarning(error);
      // The log may name the server; /healthz may not.
      if (warning !== smtpProblem) {
        logger.error(
          { code: (error as { code?: string }).code, host: smtpHost(smtpUrl ?? '') },
          `SMTP check failed: ${warning}`,
        );
      }
      smtpProblem = warning;
    }
  }

  function figures(): Promise<Record<Channel, ChannelFigures>> {
    // A monotonic clock: a wall clock set back must not keep old figures.
    const now = performance.now();
    if (!cached || now - cached.at > healthPolicy.reportCacheMs) {
      cached = { at: now, figures: store.deliveryFigures() };
      cached.figures.catch(() => (cached = undefined));
    }
    return cached.figures;
  }

  async function report(): Promise<DeliveryReport> {
    const warnings = smtpProblem ? [smtpProblem] : [];
    if (!enabled.length) return { problems: [], warnings };
    let all: Record<Channel, ChannelFigures>;
    try {
      all = await figures();
    } catch {
      // The store's own health says the database cannot be reached.
      return { problems: [], warnings };
    }
    const now = Date.now();
    const deliveries: Partial<Record<Channel, ChannelReport>> = {};
    const problems: string[] = [];
    for (const channel of enabled) {
      const one = all[channel];
      deliveries[channel] = {
        pending: one.pending,
        failed: one.failed,
        oldestPendingSeconds:
          one.oldestPendingAt === null ? null : Math.max(0, Math.floor((now - one.oldestPendingAt) / 1000)),
      };
      if (isProblem(one, now, deliveryAlertMs)) problems.push(problemReason(channel, one));
      if (channel === 'hubspot' && one.missingFields?.length) {
        warnings.push(
          `the HubSpot form lacks the field${one.missingFields.length === 1 ? '' : 's'} ${one.missingFields.join(', ')}: enquiries reach HubSpot with those values in the message; add the fields to the form`,
        );
      }
    }
    return { deliveries, problems, warnings };
  }

  /** Holding the sender's lease: announces each channel's problem starting or ending, once (decisions/delivery-alerts.md). */
  async function announce(): Promise<void> {
    const all = await store.deliveryFigures();
    const states = await store.alertStates();
    const now = Date.now();
    for (const channel of enabled) {
      const one = all[channel];
      const problem = isProblem(one, now, deliveryAlertMs);
      const previous: AlertState = states[channel] ?? {
        state: 'ok',
        since: new Date(0).toISOString(),
        alert: 'none',
        attempts: 0,
        count: 0,
        code: '',
      };
      let next = previous;
      const since = new Date(now).toISOString();
      if (problem && previous.state === 'ok') {
        const code = one.lastErrorCode ?? 'PENDING_TOO_LONG';
        next = { state: 'problem', since, alert: 'pending', attempts: 0, count: undelivered(one), code };
      } else if (!problem && previous.state === 'problem') {
        // Its start was never announced: nothing to say about its end either.
        const alert = previous.alert === 'sent' ? 'pending' : 'none';
        next = { state: 'ok', since, alert, attempts: 0, count: undelivered(one), code: previous.code };
      }
      if (next !== previous) await store.saveAlertState(channel, next);
      if (next.alert !== 'pending' || Date.parse(next.retryAt ?? '') > now) continue;
      const alert: DeliveryAlert = {
        event: next.state === 'problem' ? 'delivery_problem' : 'delivery_recovered',
        channel,
        count: next.count,
        code: next.code,
      };
      const outcome = await sendAlert(alert, { config, mailer });
      const details = { channel, event: alert.event, code: next.code };
      if (outcome.ok === 'none') {
        logger.error(details, `enquiry ${alert.event.replace('_', ' ')} (no ALERT_WEBHOOK_URL to announce it)`);
        await store.saveAlertState(channel, { ...next, alert: 'none' });
      } else if (outcome.ok) {
        logger.info({ ...details, via: outcome.via }, `alert sent: enquiry ${alert.event.replace('_', ' ')}`);
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
          retryAt: new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
        });
      }
    }
  }

  async function run(): Promise<void> {
    let smtpCheckedAt = Date.now();
    await checkSmtp();
    let lastProblem: string | undefined;
    while (!stopping.signal.aborted) {
      let waitMs: number = healthPolicy.checkMs;
      if (smtpProblem && Date.now() - smtpCheckedAt >= healthPolicy.smtpRecheckMs) {
        smtpCheckedAt = Date.now();
        await checkSmtp();
      }
      try {
        const lease = enabled.length ? await store.takeSenderLease() : undefined;
        if (lease) {
          try {
            await announce();
          } finally {
            await lease.release();
          }
        } else if (enabled.length) {
          // The outbox (here or elsewhere) is sending: look again shortly.
          waitMs = deliveryPolicy.pollMs;
        }
        lastProblem = undefined;
      } catch (error) {
        const message = (error as Error).message;
        if (message !== lastProblem) logger.error({ err: { message } }, 'delivery health check is stalled');
        lastProblem = message;
      }
      await sleep(waitMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  }

  const running = run();
  return {
    report,
    async stop() {
      stopping.abort();
      await running;
      mailer?.close();
    },
  };
}

/** The mail server's host and port for the log, never its user or password. */
function smtpHost(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || 'default port'}`;
  } catch {
    return 'SMTP_URL';
  }
}
