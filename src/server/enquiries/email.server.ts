/** The staff's notification email for each enquiry: plain text, reply-to the visitor. */
import { createTransport, type Transporter } from 'nodemailer';
import { enquiryFieldTable } from '../../content/enquiry-form.ts';
import { planTitles } from '../../content/plan-titles.ts';
import { singleLine } from '../../lib/plain-text.ts';
import type { Config } from '../config.server.ts';
import { fieldValue, keepsLines, staffValue } from './enquiry-fields.server.ts';
import { absolutePageUri, type StoredEnquiry } from './enquiry.ts';
import { describeTouch, sourceMedium } from './attribution.server.ts';
import type { Outcome } from './outbox.server.ts';

/**
 * The SMTP transport, with short timeouts per step (nodemailer's defaults reach 10 minutes); `notifyByEmail` also
 * bounds the whole attempt, since a server answering each step just in time would pass every step's timeout.
 */
export function createMailer(smtpUrl: string, timeoutMs: number): Transporter {
  return createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 3 * timeoutMs,
  });
}

/**
 * Sends the notification within `timeoutMs` overall; a temporary SMTP failure or a timeout is retried, a permanent
 * one (5xx) is final.
 */
export async function notifyByEmail(
  mailer: Transporter,
  enquiry: StoredEnquiry,
  config: Config,
  { signal, timeoutMs }: { signal: AbortSignal; timeoutMs: number },
): Promise<Outcome> {
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    await mailer.sendMail({ ...notificationEmail(enquiry, config), signal: AbortSignal.any([signal, deadline]) });
    return { kind: 'sent' };
  } catch (error) {
    if (deadline.aborted && !signal.aborted) {
      return { kind: 'retry', code: 'TIMEOUT', reason: `email not sent: no answer within ${timeoutMs / 1_000} s` };
    }
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

/**
 * Plain text only: nothing a visitor typed is ever put into HTML. One line per field, and a block at the end for
 * those of several lines.
 */
export function notificationEmail(enquiry: StoredEnquiry, config: Config) {
  // Stored fields are one line already; enquiries stored before that rule are flattened here too.
  const name = singleLine([enquiry.firstname, enquiry.lastname].filter(Boolean).join(' '));
  const plan = enquiry.plan ? planTitles[enquiry.plan] : undefined;
  const line = (label: string, value: string | undefined) => `${label}: ${value ? singleLine(value) : '—'}`;
  const text = [
    `A new enquiry from the ${config.public.siteName} website.`,
    '',
    ...enquiryFieldTable
      .filter((field) => !keepsLines(field))
      .map((field) => line(field.staffLabel, staffValue(enquiry, field))),
    line('Page', absolutePageUri(enquiry.pageUri, config.public.siteUrl)),
    line('Received', enquiry.receivedAt),
    line('Enquiry id', enquiry.id),
    ...attributionLines(enquiry),
    ...enquiryFieldTable
      .filter(keepsLines)
      .flatMap((field) => ['', `${field.staffLabel}:`, fieldValue(enquiry, field) || '—']),
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

/**
 * Where the visitor came from, for the staff: source, medium and campaign of the latest campaign visit, the call to
 * action they clicked, and their first visit when it differs. Nothing when the form was sent without JavaScript.
 */
function attributionLines(enquiry: StoredEnquiry): string[] {
  const { attribution } = enquiry;
  if (!attribution) return [];
  const touch = attribution.last ?? attribution.first;
  const { source, medium } = sourceMedium(touch);
  const first = attribution.first;
  return [
    '',
    'Source / Medium / Campaign / CTA',
    `Source: ${source}`,
    `Medium: ${medium}`,
    `Campaign: ${touch?.utm_campaign ?? '(none)'}`,
    `CTA: ${attribution.cta ?? '(none)'}`,
    ...(first && touch && describeTouch(first) !== describeTouch(touch)
      ? [`First visit: ${describeTouch(first)}`]
      : []),
  ];
}
