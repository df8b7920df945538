/**
 * The enquiries' outbox: every stored, non-spam enquiry whose channel is `pending` is forwarded to HubSpot's
 * Forms Submission API and/or emailed, at least once, from whichever serving process holds the delivery lease.
 *
 * - The state lives in the enquiry file (`delivery` and `progress` per channel), so a restart, another worker
 *   or `npm run enquiries -- retry` all see the same queue; each process scans it at start, after each enquiry
 *   it stores, and every few seconds (cheaply: only when the file changed or a retry is due).
 * - At most one process sends at a time: the lease is `<file>.delivery.lock`, taken with proper-lockfile
 *   (refreshed while held; taken over when its holder died and it went stale).
 * - Network errors, HTTP 429/5xx and temporary SMTP errors are retried with exponential backoff (429 waits
 *   for Retry-After); other answers are final: `failed`, with the reason kept for `npm run enquiries -- show`.
 * - HubSpot accepts at most 50 submissions per 10 s: sends are spaced to stay under that.
 * - Logs name the enquiry id, the channel and an error code only, never a visitor's details.
 */
import { createTransport } from 'nodemailer';
import lockfile from 'proper-lockfile';
import { planTitles } from '../../content/plan-titles.ts';
import { singleLine } from '../../lib/plain-text.ts';
import type { Config } from '../config.server.ts';
import {
  Unchanged,
  type Channel,
  type ChannelProgress,
  type EnquiryStore,
  type StoredEnquiry,
} from './enquiry-store.server.ts';

export interface DeliveryLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Time as the outbox sees it; tests pass a virtual one so that backoff and rate limits take no real time. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or early (without error) when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, Math.max(0, Math.min(ms, 2 ** 31 - 1)));
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    }),
};

export interface DeliveryOptions {
  store: EnquiryStore;
  config: Config;
  logger: DeliveryLogger;
  clock?: Clock;
  /** How often an idle process looks at the file for work another process queued (ms). */
  pollMs?: number;
  /** How long a dead holder's lease lasts before another process takes over (ms, at least 2000). */
  leaseStaleMs?: number;
  /** HubSpot sends allowed per window (HubSpot's own limit is 50 per 10 s). */
  rate?: { max: number; windowMs: number };
  /** Retry delays: base × 2^(attempt−1), at most maxMs; after maxAttempts the channel is `failed`. */
  backoff?: { baseMs: number; maxMs: number; maxAttempts: number };
  /** Time allowed for one HubSpot request (ms). */
  requestTimeoutMs?: number;
}

export interface Delivery {
  /** A new enquiry was stored: look for work now rather than at the next poll. */
  wake(): void;
  /** Stops after aborting what is in flight (it stays pending and is sent again later); releases the lease. */
  stop(): Promise<void>;
}

/** Which channels the configuration turns on; the store marks new enquiries `pending` for these. */
export function deliveryChannels(config: Config): { hubspot: boolean; email: boolean } {
  const { portalId, formId } = config.public.hubspot;
  return { hubspot: Boolean(portalId && formId), email: Boolean(config.enquiries.smtpUrl) };
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'retry'; reason: string; code: string; afterMs?: number }
  | { kind: 'failed'; reason: string; code: string };

const channelNames: Record<Channel, string> = { hubspot: 'HubSpot', email: 'email' };

export function startDelivery(options: DeliveryOptions): Delivery {
  const { store, config, logger } = options;
  const clock = options.clock ?? realClock;
  const pollMs = options.pollMs ?? 2_000;
  const leaseStaleMs = options.leaseStaleMs ?? 10_000;
  const rate = options.rate ?? { max: 45, windowMs: 10_000 };
  const backoff = options.backoff ?? { baseMs: 5_000, maxMs: 3_600_000, maxAttempts: 30 };
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const enabled = deliveryChannels(config);
  const senders: Partial<Record<Channel, (enquiry: StoredEnquiry, signal: AbortSignal) => Promise<Outcome>>> = {};
  // Short timeouts (nodemailer's defaults reach 10 minutes): a hung mail server must not hold the lease and
  // stall HubSpot forwarding; a timed-out message is simply retried.
  const mailer = config.enquiries.smtpUrl
    ? createTransport({
        url: config.enquiries.smtpUrl,
        connectionTimeout: requestTimeoutMs,
        greetingTimeout: requestTimeoutMs,
        socketTimeout: 3 * requestTimeoutMs,
      })
    : undefined;
  if (enabled.hubspot) senders.hubspot = (enquiry, signal) => forwardToHubSpot(enquiry, signal);
  if (mailer) senders.email = (enquiry, signal) => notifyByEmail(enquiry, signal);

  const stopping = new AbortController();
  let napping = new AbortController();
  /** The file as last scanned and when its earliest retry falls due: an unchanged file is not read again. */
  let seen: { signature: string; dueAt: number } | undefined;
  const recentSends: number[] = [];
  let warnedIdle = false;
  let lastProblem: string | undefined;
  let woken = false;

  // The endpoint logs each enquiry it receives; the outbox only starts work at once.
  const unsubscribe = store.onAdd((enquiry) => {
    if (!enquiry.spam) wake();
  });

  function wake() {
    seen = undefined;
    woken = true;
    napping.abort();
  }

  async function run() {
    while (!stopping.signal.aborted) {
      let waitMs = pollMs;
      woken = false;
      try {
        waitMs = Math.min(pollMs, await pass());
        lastProblem = undefined;
      } catch (error) {
        // Logged once per problem, not at every poll while the file stays unreadable.
        const message = (error as Error).message;
        if (message !== lastProblem) logger.error({ err: { message } }, 'enquiry delivery is stalled');
        lastProblem = message;
      }
      if (stopping.signal.aborted) break;
      // An enquiry stored during that pass: look again at once.
      if (woken) continue;
      napping = new AbortController();
      await clock.sleep(Math.max(waitMs, 0), AbortSignal.any([napping.signal, stopping.signal]));
    }
  }

  /** What is due now per enquiry, and when the next not-yet-due retry falls due. */
  function dueWork(enquiries: StoredEnquiry[]) {
    const now = clock.now();
    let nextAt = Infinity;
    const due: Array<{ enquiry: StoredEnquiry; channel: Channel }> = [];
    let waitingForConfig = 0;
    for (const enquiry of enquiries) {
      if (enquiry.spam) continue;
      for (const channel of ['hubspot', 'email'] as const) {
        if (enquiry.delivery[channel] !== 'pending') continue;
        if (!senders[channel]) {
          waitingForConfig += 1;
          continue;
        }
        const retryAt = enquiry.progress[channel].retryAt ? Date.parse(enquiry.progress[channel].retryAt) : 0;
        if (retryAt <= now) due.push({ enquiry, channel });
        else nextAt = Math.min(nextAt, retryAt);
      }
    }
    if (waitingForConfig && !warnedIdle) {
      warnedIdle = true;
      logger.warn(
        { count: waitingForConfig },
        'enquiries wait for a channel that is not configured (HUBSPOT_PORTAL_ID/HUBSPOT_FORM_ID or SMTP_URL)',
      );
    }
    return { due, nextAt };
  }

  /** One look at the queue; returns how long until something may be due. */
  async function pass(): Promise<number> {
    const signature = await store.signature();
    if (seen && seen.signature === signature && clock.now() < seen.dueAt) return seen.dueAt - clock.now();
    const first = dueWork(await store.all());
    if (!first.due.length) {
      seen = { signature, dueAt: first.nextAt };
      return first.nextAt - clock.now();
    }
    const lease = await takeLease();
    if (!lease) return pollMs;
    try {
      // Holding the lease, deliver everything due, reading the file again after each round so that work
      // another process queued meanwhile, a retry or a deletion is seen.
      for (;;) {
        const enquiries = await store.all();
        seedRateWindow(enquiries);
        const { due, nextAt } = dueWork(enquiries);
        if (!due.length || stopping.signal.aborted || lease.lost()) {
          seen = undefined;
          return nextAt - clock.now();
        }
        for (const { enquiry, channel } of due) {
          if (stopping.signal.aborted || lease.lost()) break;
          if (channel === 'hubspot') await waitForRateSlot();
          if (stopping.signal.aborted || lease.lost()) break;
          await attempt(enquiry, channel);
        }
      }
    } finally {
      await lease.release();
    }
  }

  async function takeLease(): Promise<{ lost: () => boolean; release: () => Promise<void> } | undefined> {
    let lost = false;
    try {
      const release = await lockfile.lock(`${store.file}.delivery`, {
        realpath: false,
        stale: leaseStaleMs,
        update: Math.floor(leaseStaleMs / 5),
        retries: 0,
        onCompromised: () => {
          lost = true;
        },
      });
      return { lost: () => lost, release: () => release().catch(() => undefined) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return undefined;
      throw error;
    }
  }

  function seedRateWindow(enquiries: StoredEnquiry[]) {
    // Sends by a previous lease holder count too: their times are in the file.
    const since = clock.now() - rate.windowMs;
    for (const enquiry of enquiries) {
      const at = enquiry.progress.hubspot.lastAttemptAt ? Date.parse(enquiry.progress.hubspot.lastAttemptAt) : 0;
      if (at > since && !recentSends.includes(at)) recentSends.push(at);
    }
    recentSends.sort((a, b) => a - b);
  }

  async function waitForRateSlot() {
    for (;;) {
      const now = clock.now();
      while (recentSends.length && (recentSends[0] ?? 0) <= now - rate.windowMs) recentSends.shift();
      if (recentSends.length < rate.max) return;
      await clock.sleep((recentSends[0] ?? now) + rate.windowMs - now, stopping.signal);
      if (stopping.signal.aborted) return;
    }
  }

  async function attempt(enquiry: StoredEnquiry, channel: Channel) {
    const send = senders[channel];
    if (!send) return;
    const startedAt = clock.now();
    if (channel === 'hubspot') recentSends.push(startedAt);
    const outcome = await send(enquiry, stopping.signal);
    // Aborted by stop(): not an attempt; it stays pending and is sent again after the restart.
    if (stopping.signal.aborted && outcome.kind !== 'sent') return;
    const attempts = enquiry.progress[channel].attempts + 1;
    let state: 'sent' | 'pending' | 'failed' = 'sent';
    const progress: ChannelProgress = { attempts, lastAttemptAt: new Date(startedAt).toISOString() };
    if (outcome.kind === 'sent') {
      progress.sentAt = new Date(clock.now()).toISOString();
    } else if (outcome.kind === 'retry' && attempts < backoff.maxAttempts) {
      state = 'pending';
      const delay = Math.max(outcome.afterMs ?? 0, Math.min(backoff.baseMs * 2 ** (attempts - 1), backoff.maxMs));
      progress.retryAt = new Date(clock.now() + delay).toISOString();
      progress.lastError = outcome.reason;
    } else {
      state = 'failed';
      progress.lastError =
        outcome.kind === 'retry' ? `gave up after ${attempts} attempts: ${outcome.reason}` : outcome.reason;
    }
    await store.change((enquiries) => {
      const current = enquiries.find((e) => e.id === enquiry.id);
      // Deleted meanwhile (a privacy request): nothing to record.
      if (!current) return new Unchanged(undefined);
      current.delivery[channel] = state;
      current.progress[channel] = progress;
    });
    const details = { enquiry: enquiry.id, channel, attempts };
    if (outcome.kind === 'sent') {
      logger.info(details, channel === 'hubspot' ? 'enquiry forwarded to HubSpot' : 'enquiry notified by email');
    } else if (state === 'pending') {
      logger.warn(
        { ...details, code: outcome.code, retryAt: progress.retryAt },
        `enquiry ${channelNames[channel]} delivery will be retried`,
      );
    } else {
      logger.error({ ...details, code: outcome.code }, `enquiry ${channelNames[channel]} delivery failed`);
    }
  }

  async function forwardToHubSpot(enquiry: StoredEnquiry, signal: AbortSignal): Promise<Outcome> {
    const { portalId, formId } = config.public.hubspot;
    const url = `${config.enquiries.hubspotApiUrl}/submissions/v3/integration/submit/${portalId}/${formId}`;
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(hubspotSubmission(enquiry, config.public.siteUrl)),
        signal: AbortSignal.any([signal, AbortSignal.timeout(requestTimeoutMs)]),
      });
      body = await response.text();
    } catch (error) {
      const code = networkErrorCode(error);
      return { kind: 'retry', code, reason: `network error (${code})` };
    }
    if (response.ok) return { kind: 'sent' };
    const code = `HTTP ${response.status}`;
    const reason = `HubSpot answered ${response.status}${body ? `: ${body.slice(0, 500)}` : ''}`;
    if (response.status === 429) {
      return { kind: 'retry', code, reason, afterMs: retryAfterMs(response.headers.get('retry-after'), clock.now()) };
    }
    if (response.status >= 500) return { kind: 'retry', code, reason };
    return { kind: 'failed', code, reason };
  }

  async function notifyByEmail(enquiry: StoredEnquiry, signal: AbortSignal): Promise<Outcome> {
    if (!mailer) return { kind: 'failed', code: 'NO_SMTP', reason: 'SMTP_URL is not set' };
    try {
      await mailer.sendMail({ ...notificationEmail(enquiry, config), signal });
      return { kind: 'sent' };
    } catch (error) {
      const { code, responseCode, message } = error as { code?: string; responseCode?: number; message: string };
      const label = responseCode ? `SMTP ${responseCode}` : (code ?? 'ERROR');
      // A permanent SMTP refusal (5xx) is final, except a refused login: fixing SMTP_URL should not need
      // every enquiry re-queued by hand.
      if (responseCode && responseCode >= 500 && code !== 'EAUTH') {
        return { kind: 'failed', code: label, reason: `the mail server refused it: ${message}` };
      }
      return { kind: 'retry', code: label, reason: `email not sent: ${message}` };
    }
  }

  const running = run();
  return {
    wake,
    async stop() {
      unsubscribe();
      stopping.abort();
      await running;
      mailer?.close();
    },
  };
}

/** HubSpot's Forms Submission API v3 body: the non-empty fields, the package's title added to the message. */
export function hubspotSubmission(enquiry: StoredEnquiry, siteUrl: string) {
  const planLine = enquiry.plan ? `Package: ${planTitles[enquiry.plan]}` : '';
  const message = [enquiry.message, planLine].filter(Boolean).join('\n\n');
  const values: Array<[string, string | undefined]> = [
    ['firstname', enquiry.firstname],
    ['lastname', enquiry.lastname],
    ['email', enquiry.email],
    ['phone', enquiry.phone],
    ['company', enquiry.company],
    ['message', message],
  ];
  const pageUri = absolutePageUri(enquiry.pageUri, siteUrl);
  return {
    submittedAt: String(Date.parse(enquiry.receivedAt)),
    fields: values
      .filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()))
      .map(([name, value]) => ({ name, value })),
    context: {
      pageUri,
      pageName: enquiry.pageName ?? pageUri,
      ...(enquiry.hutk ? { hutk: enquiry.hutk } : {}),
    },
  };
}

/**
 * The form's page as a full URL under SITE_URL. New enquiries store exactly that; one stored before that rule
 * (a path, or a URL on whatever host the client named) keeps only its path and query.
 */
function absolutePageUri(pageUri: string, siteUrl: string): string {
  try {
    const url = new URL(pageUri, `${siteUrl}/`);
    return `${siteUrl}${url.pathname}${url.search}`;
  } catch {
    return `${siteUrl}/`;
  }
}

/** Plain text only: nothing a visitor typed is ever put into HTML. */
export function notificationEmail(enquiry: StoredEnquiry, config: Config) {
  // Stored fields are one line already; enquiries stored before that rule are flattened here too.
  const name = singleLine([enquiry.firstname, enquiry.lastname].filter(Boolean).join(' '));
  const plan = enquiry.plan ? planTitles[enquiry.plan] : undefined;
  const line = (label: string, value: string | undefined) => `${label}: ${value ? singleLine(value) : '—'}`;
  const text = [
    `A new enquiry from the ${config.public.siteName} website.`,
    '',
    line('First name', enquiry.firstname),
    line('Last name', enquiry.lastname),
    line('Email', enquiry.email),
    line('Phone', enquiry.phone),
    line('Business', enquiry.company),
    line('Package', plan),
    line('Page', absolutePageUri(enquiry.pageUri, config.public.siteUrl)),
    line('Received', enquiry.receivedAt),
    line('Enquiry id', enquiry.id),
    '',
    'Message:',
    enquiry.message || '—',
    '',
    'Reply to this email to answer the visitor.',
  ].join('\n');
  const subject = `Website enquiry: ${name}${plan ? ` (${plan})` : ''}`.slice(0, 200);
  return {
    from: { name: `${config.public.siteName} website`, address: config.enquiries.notifyEmail },
    to: config.enquiries.notifyEmail,
    replyTo: { name: asTypedInHeader(name), address: enquiry.email },
    subject: asTypedInHeader(subject),
    text,
  };
}

/**
 * A header value that a mail client shows exactly as the visitor typed it. Plain text that looks like an
 * RFC 2047 encoded word (`=?UTF-8?B?Q0VPIDxjZW9AYmFuay5leGFtcGxlPg==?=`) would be decoded by the client into
 * something else (`CEO <ceo@bank.example>`); encoding the whole value ourselves makes the client decode it once,
 * back to the literal text. Line breaks never reach here: the input schema keeps names to one line.
 */
export function asTypedInHeader(value: string): string {
  if (!value.includes('=?')) return value;
  const words: string[] = [];
  let chunk = '';
  // Encoded words are at most 75 characters: 45 bytes of UTF-8 become 60 of base64, whole characters only.
  for (const character of value) {
    if (Buffer.byteLength(chunk + character) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(' ');
}

/** Retry-After as seconds or an HTTP date; at least 1 s, at most an hour. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1_000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 1_000), 3_600_000);
}

function networkErrorCode(error: unknown): string {
  const err = error as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (err.name === 'TimeoutError' || err.cause?.name === 'TimeoutError') return 'TIMEOUT';
  if (err.name === 'AbortError') return 'ABORTED';
  return err.cause?.code ?? err.code ?? 'NETWORK';
}
