/**
 * Hands each confirmed subscriber on: to HubSpot as a contact, through a newsletter form of its own (the Forms
 * Submission API, as enquiries), and to a webhook as JSON (Zapier, Make or n8n reach Mailchimp and the like). The
 * enquiries' retry rules apply (`afterAttempt`: the same backoff, the same give-up), each attempt is recorded on the
 * subscriber, and the sender's lease makes one process at a time send, across every instance sharing the store.
 * /healthz reports these channels beside the enquiries' (`newsletter-hubspot`, `newsletter-webhook`), and their
 * delivery problems are announced as the enquiries' are (`subscriberAlertChannels`, watched by the outbox's
 * delivery health: ALERT_WEBHOOK_URL, once at a problem's start and once at its end, across instances).
 */
import type { Logger } from 'pino';
import type { Config } from '../config.server.ts';
import { deliveryPolicy } from '../enquiries/delivery-policy.server.ts';
import type { WatchedChannels } from '../enquiries/delivery-health.server.ts';
import type { AlertChannel, ChannelFigures, SenderLeaseStore } from '../enquiries/enquiry-store.server.ts';
import type { Outcome } from '../enquiries/enquiry.ts';
import { networkErrorCode, retryAfterMs } from '../enquiries/hubspot.server.ts';
import { afterAttempt } from '../enquiries/outbox.server.ts';
import { newsletterPaths } from '../../lib/newsletter.ts';
import type { SubscriberRecords } from './subscriber-store.server.ts';
import { subscriberChannels, type StoredSubscriber, type SubscriberChannel } from './subscriber.ts';

const attemptTimeoutMs = 15_000;

export interface SubscriberChannelReport {
  pending: number;
  failed: number;
  oldestPendingSeconds: number | null;
}

export interface SubscriberDelivery {
  wake(): void;
  /** Per configured channel, for /healthz; a failed delivery is a problem named in its reason. */
  report(): Promise<{ deliveries: Record<string, SubscriberChannelReport>; problems: string[] }>;
  stop(): Promise<void>;
}

/** The configured channels: HubSpot with its newsletter form id (and the portal), the webhook with its URL. */
export function subscriberChannelsOn(config: Config): Record<SubscriberChannel, boolean> {
  return {
    hubspot: Boolean(config.newsletter.hubspotFormId && config.public.hubspot.portalId),
    webhook: Boolean(config.newsletter.webhookUrl),
  };
}

/**
 * The newsletter's hand-on channels as the delivery health watches them: per configured channel, its confirmed
 * subscribers pending and failed, the oldest pending one's confirmation time and the latest error code met, so a
 * failed hand-on, or one pending past DELIVERY_ALERT_MINUTES, is a delivery problem announced once.
 */
export function subscriberAlertChannels(
  store: Pick<SubscriberRecords, 'subscribers'>,
  config: Config,
): WatchedChannels {
  const on = subscriberChannelsOn(config);
  const enabled = subscriberChannels.filter((channel) => on[channel]);
  return {
    channels: enabled.map((channel): AlertChannel => `newsletter-${channel}`),
    async figures() {
      const confirmed = await store.subscribers({ status: 'confirmed' });
      const figures: Partial<Record<AlertChannel, ChannelFigures>> = {};
      for (const channel of enabled) {
        const one: ChannelFigures = { pending: 0, failed: 0, oldestPendingAt: null, refusedLogin: 0 };
        let lastFailedAt = -Infinity;
        for (const subscriber of confirmed) {
          const state = subscriber.delivery[channel];
          if (state !== 'pending' && state !== 'failed') continue;
          one[state] += 1;
          if (state === 'pending') {
            const since = Date.parse(subscriber.confirmedAt ?? subscriber.createdAt);
            one.oldestPendingAt = Math.min(one.oldestPendingAt ?? since, since);
          }
          const { lastErrorCode, lastAttemptAt } = subscriber.progress[channel];
          const at = Date.parse(lastAttemptAt ?? '');
          if (lastErrorCode && !(at < lastFailedAt)) {
            lastFailedAt = at;
            one.lastErrorCode = lastErrorCode;
          }
        }
        figures[`newsletter-${channel}`] = one;
      }
      return figures;
    },
  };
}

async function post(url: string, body: unknown, signal: AbortSignal, what: string): Promise<Outcome> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(attemptTimeoutMs)]),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    const code = networkErrorCode(error);
    return { kind: 'retry', code, reason: `network error (${code})` };
  }
  if (response.ok) return { kind: 'sent' };
  const code = `HTTP ${response.status}`;
  const reason = `${what} answered ${response.status}${text ? `: ${text.slice(0, 500)}` : ''}`;
  if (response.status === 429) {
    return { kind: 'retry', code, reason, afterMs: retryAfterMs(response.headers.get('retry-after'), Date.now()) };
  }
  if (response.status >= 500 || response.status === 408) return { kind: 'retry', code, reason };
  return { kind: 'failed', code, reason };
}

/** The subscriber as HubSpot's newsletter form takes it: a contact's email and first name. */
export function hubspotNewsletterSubmission(subscriber: StoredSubscriber, siteUrl: string) {
  return {
    submittedAt: String(Date.parse(subscriber.confirmedAt ?? subscriber.createdAt)),
    fields: [
      { name: 'email', value: subscriber.email },
      ...(subscriber.firstname ? [{ name: 'firstname', value: subscriber.firstname }] : []),
    ],
    context: { pageUri: `${siteUrl}${newsletterPaths.page}`, pageName: 'Newsletter' },
  };
}

/** The webhook's JSON: one subscriber, confirmed, and where from. */
export function newsletterWebhookBody(subscriber: StoredSubscriber, siteUrl: string) {
  return {
    event: 'newsletter_subscribed',
    email: subscriber.email,
    firstname: subscriber.firstname ?? '',
    confirmedAt: subscriber.confirmedAt,
    site: siteUrl,
    ...(subscriber.attribution ? { attribution: subscriber.attribution } : {}),
  };
}

export function startSubscriberDelivery({
  store,
  config,
  logger,
  pollMs = 5_000,
}: {
  store: Pick<SubscriberRecords, 'subscribers' | 'recordSubscriberDelivery'> & SenderLeaseStore;
  config: Config;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
}): SubscriberDelivery {
  const on = subscriberChannelsOn(config);
  const enabled = subscriberChannels.filter((channel) => on[channel]);
  const { siteUrl } = config.public;
  const send: Record<SubscriberChannel, (s: StoredSubscriber, signal: AbortSignal) => Promise<Outcome>> = {
    hubspot: (s, signal) =>
      post(
        `${config.enquiries.hubspotApiUrl}/submissions/v3/integration/submit/${config.public.hubspot.portalId}/${config.newsletter.hubspotFormId}`,
        hubspotNewsletterSubmission(s, siteUrl),
        signal,
        'HubSpot',
      ),
    webhook: (s, signal) =>
      post(config.newsletter.webhookUrl ?? '', newsletterWebhookBody(s, siteUrl), signal, 'The newsletter webhook'),
  };
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const due = (s: StoredSubscriber, channel: SubscriberChannel, now: number) => {
    const { retryAt } = s.progress[channel];
    return s.delivery[channel] === 'pending' && (!retryAt || Date.parse(retryAt) <= now);
  };

  async function round() {
    if (!enabled.length || stopping.signal.aborted) return;
    const confirmed = await store.subscribers({ status: 'confirmed' });
    const now = Date.now();
    const work = confirmed.flatMap((s) => enabled.filter((c) => due(s, c, now)).map((c) => [s, c] as const));
    if (!work.length) return;
    const lease = await store.takeSenderLease();
    if (!lease) return;
    try {
      for (const [subscriber, channel] of work) {
        if (stopping.signal.aborted || lease.lost()) break;
        const startedAt = Date.now();
        const outcome = await send[channel](subscriber, stopping.signal);
        const result = afterAttempt(subscriber.progress[channel], outcome, startedAt, deliveryPolicy.backoff);
        await store.recordSubscriberDelivery(subscriber.id, channel, result);
        const details = {
          subscriber: subscriber.id,
          channel: `newsletter-${channel}`,
          code: result.progress.lastErrorCode,
        };
        if (result.state === 'sent') logger.info(details, 'subscriber handed on');
        else if (result.state === 'pending') logger.warn(details, 'subscriber hand-on will be retried');
        else logger.error(details, 'subscriber hand-on failed');
      }
    } finally {
      await lease.release();
    }
  }

  function run() {
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((error: unknown) =>
        logger.error({ err: { message: (error as Error).message } }, 'newsletter hand-on could not run'),
      )
      .finally(() => {
        running = undefined;
        if (again && !stopping.signal.aborted) {
          again = false;
          run();
        }
      });
  }

  if (enabled.length) {
    run();
    timer = setInterval(run, pollMs);
    timer.unref();
  }

  return {
    wake: run,
    async report() {
      const deliveries: Record<string, SubscriberChannelReport> = {};
      const problems: string[] = [];
      if (!enabled.length) return { deliveries, problems };
      const confirmed = await store.subscribers({ status: 'confirmed' });
      const now = Date.now();
      for (const channel of enabled) {
        const pending = confirmed.filter((s) => s.delivery[channel] === 'pending');
        const failed = confirmed.filter((s) => s.delivery[channel] === 'failed').length;
        const oldest = Math.min(...pending.map((s) => Date.parse(s.confirmedAt ?? s.createdAt)));
        deliveries[`newsletter-${channel}`] = {
          pending: pending.length,
          failed,
          oldestPendingSeconds: pending.length ? Math.max(0, Math.floor((now - oldest) / 1000)) : null,
        };
        if (failed) {
          problems.push(
            `${failed} newsletter subscriber${failed === 1 ? '' : 's'} not handed on to ${channel === 'hubspot' ? 'HubSpot' : 'the newsletter webhook'}`,
          );
        }
      }
      return { deliveries, problems };
    },
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
