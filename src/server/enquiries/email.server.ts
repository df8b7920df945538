/** The staff's notification email for each enquiry: plain text, reply-to the visitor. */
import { enquiryFieldTable } from '../../content/enquiry-form.ts';
import { planTitles } from '../../content/plan-titles.ts';
import { singleLine } from '../../shared/plain-text.ts';
import type { Config } from '../config.server.ts';
import { fieldValue, keepsLines, staffValue } from './enquiry-fields.server.ts';
import { absolutePageUri, type Outcome, type StoredEnquiry } from './enquiry.ts';
import { describeTouch, sourceMedium } from './attribution.server.ts';
import type { Mailer, MailMessage } from './mail.server.ts';

/**
 * Sends the notification within `timeoutMs` overall; a temporary SMTP failure or a timeout is retried, a permanent
 * one (5xx) is final.
 */
export async function notifyByEmail(
  mailer: Mailer,
  enquiry: StoredEnquiry,
  config: Config,
  { signal, timeoutMs }: { signal: AbortSignal; timeoutMs: number },
): Promise<Outcome> {
  const result = await mailer.send(notificationEmail(enquiry, config), { timeoutMs, signal });
  if (result.ok) return { kind: 'sent' };
  if (result.permanent)
    return { kind: 'failed', code: result.code, reason: `the mail server refused it: ${result.message}` };
  return { kind: 'retry', code: result.code, reason: `email not sent: ${result.message}` };
}

/**
 * Plain text only: nothing a visitor typed is ever put into HTML. One line per field, and a block at the end for
 * those of several lines.
 */
export function notificationEmail(enquiry: StoredEnquiry, config: Config): MailMessage {
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
