/**
 * A newsletter subscriber as both stores keep it: a pending sign-up until its owner confirms (with only a hash of
 * the confirmation link's token), then a confirmed subscriber handed on through the outbox per channel.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { attributionSchema, type Attribution } from '../enquiries/attribution.server.ts';
import { newsletterConfirmationHours } from '../../content/page-copy/privacy.ts';
import { progressSchema, type ChannelProgress, type DeliveryState } from '../enquiries/enquiry.ts';

/** Where a confirmed subscriber is handed on: HubSpot (a newsletter form of its own) and a webhook (JSON). */
export type SubscriberChannel = 'hubspot' | 'webhook';
export const subscriberChannels: readonly SubscriberChannel[] = ['hubspot', 'webhook'];
export type EnabledSubscriberChannels = Record<SubscriberChannel, boolean>;

/** A confirmation link works this long after its email was sent; an unconfirmed sign-up is deleted after it. */
export const confirmationLifetimeMs = newsletterConfirmationHours * 60 * 60 * 1000;
/** At most one confirmation email to an address in this time, however often it is signed up. */
export const confirmationEmailIntervalMs = 24 * 60 * 60 * 1000;

export interface NewSignUp {
  email: string;
  firstname?: string;
  /** Where the visitor came from, when the form was sent with JavaScript. */
  attribution?: Attribution;
  /**
   * `hubspot` where HubSpot's newsletter form sends its own double opt-in email (no SMTP): the sign-up is handed to
   * it at once, before anyone confirms, so this site never counts, lists or exports it as a consenting subscriber.
   */
  optIn?: 'hubspot';
}

export interface StoredSubscriber extends NewSignUp {
  id: string;
  status: 'pending' | 'confirmed';
  /** ISO time of the first sign-up (kept across repeated sign-ups). */
  createdAt: string;
  /** SHA-256 of the confirmation link's token, while a link works (none once used or revoked). */
  tokenHash?: string;
  /** ISO time the last confirmation email was sent: the link ends 48 h after it, the next may go 24 h after it. */
  lastEmailAt?: string;
  confirmedAt?: string;
  delivery: Record<SubscriberChannel, DeliveryState>;
  progress: Record<SubscriberChannel, ChannelProgress>;
}

const deliveryState = z.enum(['off', 'pending', 'sent', 'failed']);

/** A stored subscriber's shape, checked wherever one is read from outside (the file, an import). */
export const storedSubscriberSchema = z.looseObject({
  id: z.string().min(1),
  email: z.string().min(3),
  firstname: z.string().optional(),
  attribution: attributionSchema.optional(),
  optIn: z.literal('hubspot').optional(),
  status: z.enum(['pending', 'confirmed']),
  createdAt: z.string().min(1),
  tokenHash: z.string().optional(),
  lastEmailAt: z.string().optional(),
  confirmedAt: z.string().optional(),
  delivery: z.looseObject({ hubspot: deliveryState, webhook: deliveryState }),
  progress: z.looseObject({ hubspot: progressSchema, webhook: progressSchema }),
});

/** Whether the address's owner confirmed on this site: what may be listed and exported as a subscriber. */
export const hasConsented = (subscriber: StoredSubscriber) => subscriber.status === 'confirmed' && !subscriber.optIn;

/** The status the subscribers command shows: `handed-to-hubspot` for a sign-up HubSpot's own opt-in confirms. */
export const shownStatus = (subscriber: StoredSubscriber) =>
  subscriber.status === 'confirmed' && subscriber.optIn === 'hubspot' ? 'handed-to-hubspot' : subscriber.status;

/** One address however it was typed: trimmed and lower-cased, so a second sign-up finds the first. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** Domains whose mailboxes ignore dots in the local part: `j.doe@gmail.com` reaches `jdoe@gmail.com`. */
const dotlessDomains = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The inbox an address reaches, for the one confirmation email per 24 h: without its `+tag` (most providers deliver
 * `name+anything@` to `name@`), and for Gmail without dots, so that a bot cannot send one inbox an email per variant.
 */
export function mailboxKey(email: string): string {
  const address = normalEmail(email);
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at).split('+')[0] ?? '';
  const dotless = dotlessDomains.get(domain);
  if (dotless) local = local.replaceAll('.', '');
  return `${local}@${dotless ?? domain}`;
}

/** A confirmation link's token: 256 random bits; only its hash is stored, so a leaked store confirms nothing. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new pending sign-up: nothing is delivered until it is confirmed. */
export function newPendingSubscriber(signUp: NewSignUp, hash: string, now: Date): StoredSubscriber {
  return {
    id: crypto.randomUUID(),
    email: normalEmail(signUp.email),
    ...(signUp.firstname ? { firstname: signUp.firstname } : {}),
    ...(signUp.attribution ? { attribution: signUp.attribution } : {}),
    ...(signUp.optIn ? { optIn: signUp.optIn } : {}),
    status: 'pending',
    createdAt: now.toISOString(),
    tokenHash: hash,
    lastEmailAt: now.toISOString(),
    delivery: { hubspot: 'off', webhook: 'off' },
    progress: { hubspot: { attempts: 0 }, webhook: { attempts: 0 } },
  };
}

/**
 * What a sign-up of `signUp` does to `existing` (the address's record, if any) at `now`: whether a confirmation
 * email goes out, and the record to keep. A confirmed address is left as it is; a pending one gets a new link
 * (its first name and attribution refreshed) only once 24 h have passed since its last email.
 */
export function afterSignUp(
  existing: StoredSubscriber | undefined,
  signUp: NewSignUp,
  hash: string,
  now: Date,
): { send: boolean; subscriber: StoredSubscriber } {
  if (!existing) return { send: true, subscriber: newPendingSubscriber(signUp, hash, now) };
  if (existing.status === 'confirmed') return { send: false, subscriber: existing };
  const last = existing.lastEmailAt ? Date.parse(existing.lastEmailAt) : 0;
  if (now.getTime() - last < confirmationEmailIntervalMs) return { send: false, subscriber: existing };
  return {
    send: true,
    subscriber: {
      ...newPendingSubscriber(signUp, hash, now),
      id: existing.id,
      createdAt: existing.createdAt,
    },
  };
}

/**
 * The pending sign-up whose confirmation email (the link with this hash) could not be sent, as if it had not been
 * asked for: no link, no email counted, so the visitor may sign up again at once. Undefined when the record has
 * moved on (confirmed, or a newer link) and must stay as it is.
 */
export function withoutUnsentEmail(subscriber: StoredSubscriber, hash: string): StoredSubscriber | undefined {
  if (subscriber.status !== 'pending' || subscriber.tokenHash !== hash) return undefined;
  const { tokenHash: _unsent, lastEmailAt: _notSent, ...rest } = subscriber;
  return rest;
}

/** Whether `subscriber`'s link (matched by its hash) still confirms at `now`. */
export function linkWorks(subscriber: StoredSubscriber, now: Date): boolean {
  if (subscriber.status !== 'pending' || !subscriber.tokenHash || !subscriber.lastEmailAt) return false;
  return now.getTime() - Date.parse(subscriber.lastEmailAt) < confirmationLifetimeMs;
}

/** The subscriber once confirmed: its link spent, its delivery pending on each configured channel. */
export function confirmed(
  subscriber: StoredSubscriber,
  enabled: EnabledSubscriberChannels,
  now: Date,
): StoredSubscriber {
  const { tokenHash: _spent, ...rest } = subscriber;
  return {
    ...rest,
    status: 'confirmed',
    confirmedAt: now.toISOString(),
    delivery: { hubspot: enabled.hubspot ? 'pending' : 'off', webhook: enabled.webhook ? 'pending' : 'off' },
    progress: { hubspot: { attempts: 0 }, webhook: { attempts: 0 } },
  };
}
