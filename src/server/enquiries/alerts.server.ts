/**
 * Telling the studio that enquiry delivery (or the newsletter's hand-on of subscribers) has run into a problem, and
 * that it has cleared: a JSON POST to ALERT_WEBHOOK_URL (Slack, Mattermost and Rocket.Chat incoming webhooks read
 * its `text`), or without one, for any problem but email's, an email to NOTIFY_EMAIL (an email problem cannot be
 * announced through email). An alert names the channel, a count and an error code, never a visitor's details.
 */
import type { Config } from '../config.server.ts';
import type { AlertChannel } from './enquiry-store.server.ts';
import type { Mailer } from './mail.server.ts';

export interface DeliveryAlert {
  event: 'delivery_problem' | 'delivery_recovered' | 'test';
  channel?: AlertChannel;
  /** Undelivered enquiries (or subscribers not handed on) on the channel: pending and failed. */
  count: number;
  /** The last error code the channel met. */
  code: string;
}

/** How an alert went: sent (through which channel), no channel to send it through, or failed with a code. */
export type AlertOutcome = { ok: true; via: 'webhook' | 'email' } | { ok: false; code: string } | { ok: 'none' };

/** Time allowed for one alert: a receiver that does not answer is tried again later. */
export const alertTimeoutMs = 5_000;

const channelNames: Record<AlertChannel, string> = {
  hubspot: 'HubSpot',
  email: 'Email',
  'newsletter-hubspot': "HubSpot's newsletter form",
  'newsletter-webhook': 'The newsletter webhook',
};

const isNewsletter = (channel: AlertChannel | undefined) => channel?.startsWith('newsletter-') === true;

/** One line a person reads first in a chat or an inbox. */
export function alertText(alert: DeliveryAlert, siteUrl: string): string {
  const enquiries = `${alert.count} enquir${alert.count === 1 ? 'y' : 'ies'}`;
  if (alert.event === 'test') return `Test alert from ${siteUrl}: enquiry delivery alerts reach you here.`;
  const name = channelNames[alert.channel ?? 'hubspot'];
  if (isNewsletter(alert.channel)) {
    const subscribers = `${alert.count} newsletter subscriber${alert.count === 1 ? '' : 's'}`;
    return alert.event === 'delivery_problem'
      ? `Newsletter hand-on problem on ${siteUrl}: ${name} has ${subscribers} not handed on (last error ${alert.code}). See npm run subscribers -- list, and /healthz.`
      : `Newsletter hand-on recovered on ${siteUrl}: ${name} takes subscribers again (the problem was ${alert.code}).`;
  }
  if (alert.event === 'delivery_problem') {
    return `Enquiry delivery problem on ${siteUrl}: ${name} has ${enquiries} not delivered (last error ${alert.code}). See npm run enquiries -- list, and /healthz.`;
  }
  return `Enquiry delivery recovered on ${siteUrl}: ${name} delivers again (the problem was ${alert.code}).`;
}

/** The webhook's JSON body. */
export function alertBody(alert: DeliveryAlert, siteUrl: string) {
  return {
    text: alertText(alert, siteUrl),
    event: alert.event,
    ...(alert.channel ? { channel: alert.channel } : {}),
    count: alert.count,
    code: alert.code,
    site: siteUrl,
  };
}

/** POSTs the alert; any 2xx is sent, anything else (an error status, no answer in 5 s) failed with its code. */
export async function postAlert(webhookUrl: string, alert: DeliveryAlert, siteUrl: string): Promise<AlertOutcome> {
  try {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(alertBody(alert, siteUrl)),
      signal: AbortSignal.timeout(alertTimeoutMs),
      redirect: 'error',
    });
    await response.body?.cancel();
    return response.ok ? { ok: true, via: 'webhook' } : { ok: false, code: `HTTP ${response.status}` };
  } catch (error) {
    const err = error as { name?: string; cause?: { code?: string } };
    return { ok: false, code: err.name === 'TimeoutError' ? 'TIMEOUT' : (err.cause?.code ?? 'NETWORK') };
  }
}

/**
 * The alert as an email to NOTIFY_EMAIL: its subject starts "Enquiry delivery problem" (a newsletter channel's,
 * "Newsletter hand-on problem").
 */
async function emailAlert(mailer: Mailer, alert: DeliveryAlert, config: Config): Promise<AlertOutcome> {
  const { siteName, siteUrl } = config.public;
  const name = channelNames[alert.channel ?? 'hubspot'];
  const subject = isNewsletter(alert.channel)
    ? `Newsletter hand-on problem${alert.event === 'delivery_recovered' ? ' cleared' : ''}: ${name}${alert.event === 'delivery_problem' ? ` (${alert.code})` : ''}`
    : alert.event === 'delivery_problem'
      ? `Enquiry delivery problem: ${name} (${alert.code})`
      : alert.event === 'delivery_recovered'
        ? `Enquiry delivery problem cleared: ${name}`
        : `Enquiry delivery test from ${siteName}`;
  const result = await mailer.send(
    { subject, text: `${alertText(alert, siteUrl)}\n` },
    { timeoutMs: alertTimeoutMs * 2 },
  );
  return result.ok ? { ok: true, via: 'email' } : { ok: false, code: result.code };
}

/** Through the webhook when there is one; else a HubSpot problem by email when SMTP is set; else nowhere. */
export function sendAlert(
  alert: DeliveryAlert,
  { config, mailer }: { config: Config; mailer?: Mailer },
): Promise<AlertOutcome> {
  const { alertWebhookUrl } = config.enquiries;
  if (alertWebhookUrl) return postAlert(alertWebhookUrl, alert, config.public.siteUrl);
  if (mailer && alert.channel !== 'email') return emailAlert(mailer, alert, config);
  return Promise.resolve({ ok: 'none' });
}
