/**
 * Sends the newsletter's confirmation emails on a path of their own, beside the enquiries' outbox: through the
 * process's one SMTP transport (a connection per message, so neither waits for the other), a few at a time, so that
 * a burst of sign-ups never delays a lead's email. The site-wide hourly cap bounds how many there can be. Also
 * announces, once, that the cap was reached: ALERT_WEBHOOK_URL, else an email to NOTIFY_EMAIL.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.server.ts';
import { alertTimeoutMs } from '../enquiries/alerts.server.ts';
import type { Mailer } from '../enquiries/mail.server.ts';
import { confirmationEmail } from './confirmation-email.server.ts';
import type { SubscriberRecords } from './subscriber-store.server.ts';
import { tokenHash } from './subscriber.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.server.ts';

/** Confirmation emails in flight at once, per process. */
const concurrency = 2;
const sendTimeoutMs = 30_000;

export interface ConfirmationRequest {
  to: string;
  firstname?: string;
  /** The link's token itself: only its hash is stored, so it exists only here until the email is sent. */
  confirmToken: string;
  subscriberId: string;
  /** Called when the email never left, to give back what counted it against its inbox's one email a day. */
  onUnsent?: () => unknown;
}

export interface NewsletterSender {
  sendConfirmation(request: ConfirmationRequest): void;
  alertCapReached(): void;
}

export function newsletterSender({
  config,
  logger,
  mailer,
  store,
  unsubscribeTokens,
}: {
  config: Config;
  logger: Logger;
  mailer?: Mailer;
  store: Pick<SubscriberRecords, 'unsentConfirmation'>;
  unsubscribeTokens: () => Promise<UnsubscribeTokens>;
}): NewsletterSender {
  const queue: ConfirmationRequest[] = [];
  let running = 0;

  async function sendOne(request: ConfirmationRequest) {
    if (!mailer) return;
    const message = confirmationEmail(
      { ...request, unsubscribeToken: (await unsubscribeTokens()).issue(request.subscriberId) },
      config,
    );
    const result = await mailer.send(message, { timeoutMs: sendTimeoutMs });
    if (result.ok) {
      logger.info({ subscriber: request.subscriberId }, 'Newsletter confirmation email sent');
      return;
    }
    // An email that never left does not hold the address's one email per 24 h: the visitor can ask again at once.
    // The hour's cap still counts it, as an attempt, so a failing server cannot be hammered.
    await store.unsentConfirmation(request.subscriberId, tokenHash(request.confirmToken));
    await request.onUnsent?.();
    logger.error(
      { subscriber: request.subscriberId, code: result.code },
      'Newsletter confirmation email not sent: the visitor can sign up again now',
    );
  }

  function pump() {
    while (running < concurrency && queue.length) {
      const next = queue.shift() as ConfirmationRequest;
      running += 1;
      void sendOne(next)
        .catch((error: unknown) => logger.error({ err: error }, 'Newsletter confirmation email failed'))
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  }

  async function alert() {
    const { siteUrl } = config.public;
    const text = `Newsletter sign-ups paused on ${siteUrl}: ${config.newsletter.confirmationsPerHour} confirmation emails were sent in the last hour (NEWSLETTER_CONFIRMATIONS_PER_HOUR). Sign-ups are refused until the hour has passed; if this is a flood of fake sign-ups, nothing more is needed.`;
    const { alertWebhookUrl, notifyEmail } = config.enquiries;
    if (alertWebhookUrl) {
      const response = await fetch(alertWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, event: 'newsletter_cap_reached', site: siteUrl }),
        signal: AbortSignal.timeout(alertTimeoutMs),
        redirect: 'error',
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return;
    }
    if (!mailer) return;
    const result = await mailer.send(
      { to: notifyEmail, subject: 'Newsletter sign-ups paused: the hourly cap is reached', text: `${text}\n` },
      { timeoutMs: alertTimeoutMs * 2 },
    );
    if (!result.ok) throw new Error(result.code);
  }

  return {
    sendConfirmation(request) {
      queue.push(request);
      pump();
    },
    alertCapReached() {
      void alert().catch((error: unknown) =>
        logger.error({ code: (error as Error).message }, 'The newsletter cap alert could not be sent'),
      );
    },
  };
}
