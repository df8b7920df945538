/**
 * Hands each confirmed subscriber on: to HubSpot as a contact, through a newsletter form of its own (the Forms
 * Submission API, as enquiries), and to a webhook as JSON (Zapier, Make or n8n reach Mailchimp and the like). The
 * enquiries' retry rules apply (`afterAttempt`: the same backoff, the same give-up), each attempt is recorded on the
 * subscriber, and a sender's lease of the hand-on's own makes one process at a time send, across every instance
 * sharing the store: a newsletter receiver that hangs never holds up the enquiries' outbox, and each round reads
 * only the due rows, at most `perRound` per channel, the channels side by side.
 * /healthz reports these channels beside the enquiries' (`newsletter-hubspot`, `newsletter-webhook`), from figures
 * the store counts, never waited on for long (`lastFigures`: a hung database gets the last ones, with their age),
 * and their delivery problems are announced as the enquiries' are (`subscriberAlertChannels`, watched by the
 * outbox's delivery health: ALERT_WEBHOOK_URL, once at a problem's start and once at its end, across instances).
 */
import type { Logger } from 'pino';
import type { Config } from '../config.server.ts';
import { deliveryPolicy } from '../enquiries/delivery-policy.server.ts';
import {
  channelReport,
  noFigures,
  unreachable,
  type ChannelReport,
  type WatchedChannels,
} from '../enquiries/delivery-health.server.ts';
import type { AlertChannel, ChannelFigures, SenderLease, SenderLeaseStore } from '../enquiries/enquiry-store.server.ts';
import type { Outcome } from '../enquiries/enquiry.ts';
import { fieldsNotInForm, networkErrorCode, retryAfterMs } from '../enquiries/hubspot.server.ts';
import { lastFigures } from '../enquiries/last-figures.server.ts';
import { afterAttempt } from '../enquiries/outbox.server.ts';
import { newsletterPaths } from '../../lib/newsletter.ts';
import type { SubscriberRecords } from './subscriber-store.server.ts';
import { subscriberChannels, type StoredSubscriber, type SubscriberChannel } from './subscriber.ts';

const attemptTimeoutMs = 15_000;
/** Subscribers handed on per channel in one round; a full round is followed by another at once. */
const perRound = 10;

export interface SubscriberDelivery {
  wake(): void;
  /**
   * Per configured channel, for /healthz, as last read (absent until read once) and how long ago; a failed delivery
   * is a problem named in its reason. Answers within about 100 ms whatever the database does.
   */
  report(): Promise<{
    deliveries?: Record<string, ChannelReport>;
    ageSeconds?: number;
    problems: string[];
  }>;
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
  store: Pick<SubscriberRecords, 'subscriberDeliveryFigures'>,
  config: Config,
): WatchedChannels {
  const on = subscriberChannelsOn(config);
  const enabled = subscriberChannels.filter((channel) => on[channel]);
  return {
    channels: enabled.map((channel): AlertChannel => `newsletter-${channel}`),
    async figures() {
      // Counted by the store: only the rows pending or failed are read.
      const counted = await store.subscriberDeliveryFigures(enabled);
      return Object.fromEntries(
        Object.entries(counted).map(([channel, figures]) => [`newsletter-${channel}`, figures]),
      ) as Partial<Record<AlertChannel, ChannelFigures>>;
    },
  };
}

async function post(url: string, body: unknown, signal: AbortSignal, what: string): Promise<Outcome> {
  return (await answer(url, body, signal, what)).outcome;
}

/** One POST's outcome, and the refused answer's body (HubSpot's names the fields its form lacks). */
async function answer(
  url: string,
  body: unknown,
  signal: AbortSignal,
  what: string,
): Promise<{ outcome: Outcome; text?: string }> {
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
    return { outcome: { kind: 'retry', code, reason: `network error (${code})` } };
  }
  if (response.ok) return { outcome: { kind: 'sent' } };
  const code = `HTTP ${response.status}`;
  const reason = `${what} answered ${response.status}${text ? `: ${text.slice(0, 500)}` : ''}`;
  if (response.status === 429) {
    const afterMs = retryAfterMs(response.headers.get('retry-after'), Date.now());
    return { outcome: { kind: 'retry', code, reason, afterMs } };
  }
  if (response.status >= 500 || response.status === 408) return { outcome: { kind: 'retry', code, reason } };
  return { outcome: { kind: 'failed', code, reason }, text };
}

/**
 * A subscriber to HubSpot's newsletter form. A form built with the email field alone refuses the first name
 * (FIELD_NOT_IN_FORM_DEFINITION): the subscriber is sent again without the fields it names and counts as handed on,
 * those fields recorded so the operator can add them; any other 400 stays final, as for enquiries.
 */
async function toHubSpot(url: string, subscriber: StoredSubscriber, siteUrl: string, signal: AbortSignal) {
  const omitted: string[] = [];
  for (;;) {
    const { outcome, text } = await answer(
      url,
      hubspotNewsletterSubmission(subscriber, siteUrl, omitted),
      signal,
      'HubSpot',
    );
    if (outcome.kind === 'sent') return omitted.length ? { ...outcome, missingFields: omitted } : outcome;
    const missing = outcome.kind === 'failed' && outcome.code === 'HTTP 400' ? fieldsNotInForm(text ?? '') : undefined;
    // `email` is the contact itself: a form without it cannot take the subscriber.
    if (!missing?.length || missing.some((name) => omitted.includes(name) || name === 'email')) return outcome;
    omitted.push(...missing);
  }
}

/** The subscriber as HubSpot's newsletter form takes it: a contact's email and first name (less `omit`). */
export function hubspotNewsletterSubmission(
  subscriber: StoredSubscriber,
  siteUrl: string,
  omit: readonly string[] = [],
) {
  return {
    submittedAt: String(Date.parse(subscriber.confirmedAt ?? subscriber.createdAt)),
    fields: [
      { name: 'email', value: subscriber.email },
      ...(subscriber.firstname ? [{ name: 'firstname', value: subscriber.firstname }] : []),
    ].filter((field) => !omit.includes(field.name)),
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
  store: Pick<SubscriberRecords, 'dueSubscribers' | 'subscriberDeliveryFigures' | 'recordSubscriberDelivery'> &
    SenderLeaseStore;
  config: Config;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
}): SubscriberDelivery {
  const on = subscriberChannelsOn(config);
  const enabled = subscriberChannels.filter((channel) => on[channel]);
  const { siteUrl } = config.public;
  const send: Record<SubscriberChannel, (s: StoredSubscriber, signal: AbortSignal) => Promise<Outcome>> = {
    hubspot: (s, signal) =>
      toHubSpot(
        `${config.enquiries.hubspotApiUrl}/submissions/v3/integration/submit/${config.public.hubspot.portalId}/${config.newsletter.hubspotFormId}`,
        s,
        siteUrl,
        signal,
      ),
    webhook: (s, signal) =>
      post(config.newsletter.webhookUrl ?? '', newsletterWebhookBody(s, siteUrl), signal, 'The newsletter webhook'),
  };
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const figures = lastFigures(() => store.subscriberDeliveryFigures(enabled), {
    cacheMs: deliveryPolicy.health.reportCacheMs,
  });

  async function round() {
    if (!enabled.length || stopping.signal.aborted) return;
    const due = await Promise.all(
      enabled.map(async (channel) => ({
        channel,
        subscribers: await store.dueSubscribers(channel, { now: new Date(), limit: perRound }),
      })),
    );
    if (!due.some(({ subscribers }) => subscribers.length)) return;
    const lease = await store.takeSenderLease('newsletter');
    if (!lease) return;
    try {
      // A worker per channel: a hung webhook holds up no HubSpot hand-on.
      await Promise.all(due.map(({ channel, subscribers }) => handOn(channel, subscribers, lease)));
    } finally {
      await lease.release();
    }
    // Rows left beyond this round: another at once (under a fresh lease, so other instances may take a turn).
    if (due.some(({ subscribers }) => subscribers.length === perRound)) again = true;
  }

  async function handOn(channel: SubscriberChannel, subscribers: StoredSubscriber[], lease: SenderLease) {
    for (const subscriber of subscribers) {
      if (stopping.signal.aborted || lease.lost()) return;
      const startedAt = Date.now();
      const outcome = await send[channel](subscriber, stopping.signal);
      const result = afterAttempt(subscriber.progress[channel], outcome, startedAt, deliveryPolicy.backoff);
      await store.recordSubscriberDelivery(subscriber.id, channel, result);
      const details = {
        subscriber: subscriber.id,
        channel: `newsletter-${channel}`,
        code: result.progress.lastErrorCode,
      };
      if (outcome.kind === 'sent' && outcome.missingFields?.length) {
        logger.warn(
          { ...details, missingFields: outcome.missingFields },
          'subscriber handed on to HubSpot without fields its newsletter form lacks: add them to the form',
        );
      } else if (result.state === 'sent') logger.info(details, 'subscriber handed on');
      else if (result.state === 'pending') logger.warn(details, 'subscriber hand-on will be retried');
      else logger.error(details, 'subscriber hand-on failed');
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
      if (!enabled.length) return { problems: [] };
      const { figures: all, ageSeconds, unreachable: unreached } = await figures.latest();
      const problems = unreached ? [unreachable] : [];
      if (!all) return { problems };
      const now = Date.now();
      const deliveries: Record<string, ChannelReport> = {};
      for (const channel of enabled) {
        const one = all[channel] ?? noFigures;
        deliveries[`newsletter-${channel}`] = channelReport(one, now);
        const { failed } = one;
        if (failed) {
          problems.push(
            `${failed} newsletter subscriber${failed === 1 ? '' : 's'} not handed on to ${channel === 'hubspot' ? 'HubSpot' : 'the newsletter webhook'}`,
          );
        }
      }
      return { deliveries, ageSeconds, problems };
    },
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
