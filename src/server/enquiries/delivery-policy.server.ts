/** How delivery paces and retries itself, and which channels the configuration turns on: change it here. */
import type { Logger } from 'pino';
import type { Config } from '../config.server.ts';
import type { Channel, EnabledChannels } from './enquiry.ts';

export const deliveryPolicy = {
  /** How often an idle process looks for work another process queued. */
  pollMs: 2_000,
  /** HubSpot accepts 50 submissions per 10 s from one portal: stay under it, counted over every instance. */
  hubspotRate: { max: 45, windowMs: 10_000 },
  /** Retry delays: base × 2^(attempt−1), at most maxMs; after maxAttempts the channel is `failed`. */
  backoff: { baseMs: 5_000, maxMs: 60 * 60 * 1000, maxAttempts: 30 },
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

/** Which channels the configuration turns on; the store marks new enquiries `pending` for these. */
export function deliveryChannels(config: Config): EnabledChannels {
  const { portalId, formId } = config.public.hubspot;
  return { hubspot: Boolean(portalId && formId), email: Boolean(config.enquiries.smtpUrl) };
}

/** A channel's name in log lines and /healthz. */
export const channelNames: Record<Channel, string> = { hubspot: 'HubSpot', email: 'email' };

export type DeliveryLogger = Pick<Logger, 'info' | 'warn' | 'error'>;
