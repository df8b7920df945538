/** How delivery paces and retries itself, and which channels the configuration turns on: change it here. */
import type { Logger } from 'pino';
import type { Config } from '../config.server.ts';
import type { Channel, EnabledChannels } from './enquiry.ts';
import { hubspotConfigured } from '../../shared/hubspot-settings.ts';

export interface DeliveryPolicy {
  /** How often an idle process looks for work another process queued. */
  pollMs: number;
  /** HubSpot accepts 50 submissions per 10 s from one portal: stay under it, counted over every instance. */
  hubspotRate: { max: number; windowMs: number };
  /** Retry delays: base × 2^(attempt−1), at most maxMs; after maxAttempts the channel is `failed`. */
  backoff: { baseMs: number; maxMs: number; maxAttempts: number };
  /** Time allowed for one whole attempt on each channel (an SMTP server may answer each step just in time). */
  attemptTimeoutMs: Record<Channel, number>;
  /**
   * A claim outlives its attempt by this much, so the sender can record the outcome (through a short database
   * restart too) before anyone may claim the delivery again; a sender that died is replaced after it.
   */
  claimMarginMs: number;
  /** Between tries to record an outcome the store could not take (the database restarting, say). */
  recordRetryMs: { first: number; max: number };
  /** Delivery health (delivery-health.server.ts). */
  health: {
    /** How often the outbox's loop looks for a problem's start or end. */
    checkMs: number;
    /** /healthz reads the store at most this often. */
    reportCacheMs: number;
    /** Tries of one alert before it is given up (5 s, 10 s, 20 s, 40 s apart: the delivery backoff). */
    alertAttempts: number;
    /** How often a failed SMTP check is repeated, so a fixed server clears its warning. */
    smtpRecheckMs: number;
  };
}

/**
 * The production policy. The outbox takes another as a parameter: the tests run the same code on a faster clock
 * (test-support/enquiries.ts), so that waiting out a 30 s mail server takes 3 s.
 */
export const deliveryPolicy: DeliveryPolicy = {
  pollMs: 2_000,
  hubspotRate: { max: 45, windowMs: 10_000 },
  backoff: { baseMs: 5_000, maxMs: 60 * 60 * 1000, maxAttempts: 30 },
  attemptTimeoutMs: { hubspot: 10_000, email: 30_000 },
  claimMarginMs: 20_000,
  recordRetryMs: { first: 250, max: 5_000 },
  health: { checkMs: 5_000, reportCacheMs: 2_000, alertAttempts: 5, smtpRecheckMs: 60_000 },
};

/** How long to wait after a failed attempt, the `attempt`th (1, 2, …): the one backoff formula of every retry. */
export function retryDelayMs(attempt: number, backoff: DeliveryPolicy['backoff'] = deliveryPolicy.backoff): number {
  const { baseMs, maxMs } = backoff;
  return Math.min(baseMs * 2 ** (attempt - 1), maxMs);
}

/** Which channels the configuration turns on; the store marks new enquiries `pending` for these. */
export function deliveryChannels(config: Config): EnabledChannels {
  return { hubspot: hubspotConfigured(config.public.hubspot), email: Boolean(config.enquiries.smtpUrl) };
}

/** A channel's name in log lines and /healthz. */
export const channelNames: Record<Channel, string> = { hubspot: 'HubSpot', email: 'email' };

export type DeliveryLogger = Pick<Logger, 'info' | 'warn' | 'error'>;
