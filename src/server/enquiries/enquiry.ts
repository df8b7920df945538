/** An enquiry as both stores keep it: the visitor's fields, where it came from, and its delivery per channel. */
import { z } from 'zod';
import { enquiryFieldTable, type EnquiryFieldTable, type EnquiryFieldsOf } from '../../content/enquiry-form.ts';
import { attributionSchema, type Attribution } from './attribution.server.ts';
import { optionalFieldNames, storedShape, type CoreField } from './enquiry-fields.server.ts';
import { wellFormed } from '../../shared/plain-text.ts';

export type DeliveryState = 'off' | 'pending' | 'sent' | 'failed';
export type Channel = 'hubspot' | 'email';
export const channels: readonly Channel[] = ['hubspot', 'email'];

/** The visitor's fields, as the form's field table defines them: what a post must have now. */
export type EnquiryFields = EnquiryFieldsOf<typeof enquiryFieldTable>;

/**
 * The visitor's fields as stored by any version of the form: the core ones, and any other maybe missing (an enquiry
 * stored before the form asked for it); each is text, a package id too (the offer may no longer have it).
 */
export type StoredFieldsOf<T extends EnquiryFieldTable> = AsText<
  Pick<EnquiryFieldsOf<T>, CoreField & keyof EnquiryFieldsOf<T>> & Partial<Omit<EnquiryFieldsOf<T>, CoreField>>
>;
type AsText<T> = { [K in keyof T]: string };
export type StoredEnquiryFields = StoredFieldsOf<typeof enquiryFieldTable>;

export interface NewEnquiry extends EnquiryFields {
  /** The page the form was posted from: an absolute URL under SITE_URL. */
  pageUri: string;
  pageName?: string;
  /** The visitor's hubspotutk cookie, when present. */
  hutk?: string;
  /** A honeypot hit: kept apart, never delivered or listed. */
  spam: boolean;
  /** Where the visitor came from, when the form was sent with JavaScript (the browser's first and last touch). */
  attribution?: Attribution;
}

/** One channel's delivery history, beside its state. */
export interface ChannelProgress {
  attempts: number;
  /** ISO time of the last attempt (sent or not): the delivery's rate limit counts these. */
  lastAttemptAt?: string;
  /** ISO time before which the next attempt must not start (backoff, Retry-After). */
  retryAt?: string;
  sentAt?: string;
  /** Why the last attempt failed (kept for `show`; never logged). */
  lastError?: string;
  /** The last failed attempt's error code (`HTTP 400`, `SMTP 535`, `ECONNREFUSED`): /healthz and alerts name it. */
  lastErrorCode?: string;
  /** HubSpot's form lacked these fields: sent without them, their values in the message (`show`, /healthz). */
  missingFields?: string[];
}

export interface StoredEnquiry extends Omit<NewEnquiry, keyof EnquiryFields>, StoredEnquiryFields {
  id: string;
  receivedAt: string;
  delivery: Record<Channel, DeliveryState>;
  progress: Record<Channel, ChannelProgress>;
}

/** Which channels are configured: a new, non-spam enquiry starts `pending` for these, `off` for the others. */
export type EnabledChannels = Record<Channel, boolean>;

/** What one attempt on a channel came to (hubspot.server.ts and email.server.ts say; the outbox acts on it). */
export type Outcome =
  /** `missingFields`: HubSpot's form lacks them; the submission went without them (their values in its message). */
  | { kind: 'sent'; missingFields?: string[] }
  | { kind: 'retry'; reason: string; code: string; afterMs?: number }
  | { kind: 'failed'; reason: string; code: string };

/** A channel's state and history after an attempt: what the outbox decided, and what the store records. */
export interface AttemptResult {
  state: Exclude<DeliveryState, 'off'>;
  progress: ChannelProgress;
}

/*
 * The read schemas keep a field they do not know as it is (`looseObject`): a file written by a newer release stays
 * readable by an older one, which writes the field back untouched, so adding a field takes one deploy.
 */
const deliveryState = z.enum(['off', 'pending', 'sent', 'failed']);
export const progressSchema = z.looseObject({
  attempts: z.number().int().min(0),
  lastAttemptAt: z.string().optional(),
  retryAt: z.string().optional(),
  sentAt: z.string().optional(),
  lastError: z.string().optional(),
  lastErrorCode: z.string().optional(),
  missingFields: z.array(z.string()).optional(),
});

/** A stored enquiry's shape, checked wherever one is read from outside (the file, an import). */
export const storedEnquirySchema = z.looseObject({
  id: z.string().min(1),
  receivedAt: z.string().min(1),
  ...storedShape(enquiryFieldTable),
  pageUri: z.string(),
  pageName: z.string().optional(),
  hutk: z.string().optional(),
  spam: z.boolean(),
  attribution: attributionSchema.optional(),
  delivery: z.looseObject({ hubspot: deliveryState, email: deliveryState }),
  progress: z.looseObject({ hubspot: progressSchema, email: progressSchema }),
});

const optionalKeys = [...optionalFieldNames(enquiryFieldTable), 'pageName', 'hutk', 'attribution'] as const;

/** A new enquiry as stored: an id, the time, delivery `pending` where configured; empty optional text dropped. */
export function newStoredEnquiry(enquiry: NewEnquiry, enabled: EnabledChannels, now = new Date()): StoredEnquiry {
  const copy: NewEnquiry = { ...enquiry };
  for (const key of optionalKeys) {
    if (copy[key] === undefined || copy[key] === '') delete copy[key];
  }
  const state = (on: boolean): DeliveryState => (on && !enquiry.spam ? 'pending' : 'off');
  return {
    ...copy,
    id: crypto.randomUUID(),
    receivedAt: now.toISOString(),
    delivery: { hubspot: state(enabled.hubspot), email: state(enabled.email) },
    progress: { hubspot: { attempts: 0 }, email: { attempts: 0 } },
  };
}

/**
 * The form's page as a full URL under SITE_URL. New enquiries store exactly that; one stored before that rule
 * (a path, or a URL on whatever host the client named) keeps only its path and query.
 */
export function absolutePageUri(pageUri: string, siteUrl: string): string {
  const url = URL.parse(pageUri, `${siteUrl}/`);
  return url ? `${siteUrl}${url.pathname}${url.search}` : `${siteUrl}/`;
}

/**
 * A copy of a record (an enquiry, a subscriber) whose every text is well-formed Unicode (a lone surrogate becomes
 * U+FFFD). New enquiries are repaired when posted; this covers what a store is handed from elsewhere (an import of an older file), which PostgreSQL would
 * otherwise refuse whole.
 */
export function withWellFormedText<T extends object>(record: T): T {
  return JSON.parse(JSON.stringify(record), (_key, value: unknown) =>
    typeof value === 'string' ? wellFormed(value) : value,
  ) as T;
}

/** An enquiry's id: a UUID, as both stores make it (PostgreSQL keeps it as one). */
export const isEnquiryId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** An ISO 8601 time with its offset (`Z` or `+10:00`), on a day that exists. */
export function isIsoTime(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!match || Number.isNaN(Date.parse(text))) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
