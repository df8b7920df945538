/** Forwarding an enquiry to HubSpot's Forms Submission API (v3), and what its answers mean for a retry. */
import { enquiryFieldTable } from '../../content/enquiry-form.ts';
import type { Config } from '../config.server.ts';
import { cameFrom, utmKeys } from './attribution.server.ts';
import { fieldValue, staffValue } from './enquiry-fields.server.ts';
import type { StoredEnquiry } from './enquiry.ts';
import type { Outcome } from './outbox.server.ts';

/** One HubSpot submission: 2xx is sent; a network error, 429 (after Retry-After) or 5xx is retried; others final. */
export async function forwardToHubSpot(
  enquiry: StoredEnquiry,
  config: Config,
  { signal, timeoutMs }: { signal: AbortSignal; timeoutMs: number },
): Promise<Outcome> {
  const { portalId, formId } = config.public.hubspot;
  const url = `${config.enquiries.hubspotApiUrl}/submissions/v3/integration/submit/${portalId}/${formId}`;
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(
        hubspotSubmission(enquiry, { siteUrl: config.public.siteUrl, utmFields: config.enquiries.hubspotUtmFields }),
      ),
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
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
    return { kind: 'retry', code, reason, afterMs: retryAfterMs(response.headers.get('retry-after'), Date.now()) };
  }
  if (response.status >= 500) return { kind: 'retry', code, reason };
  return { kind: 'failed', code, reason };
}

/** HubSpot's field for the visitor's message, which also carries what has no HubSpot field of its own. */
const hubspotMessage = 'message';

/**
 * The line above what the site adds to the message (the package, where the visitor came from), so that staff
 * can tell it from what the visitor typed.
 */
export const addedBySite = '--- Added by the website, not typed by the visitor ---';

/** The visitor's text, with any line of theirs that copies the site's heading marked as theirs. */
function visitorText(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim().startsWith(addedBySite.slice(0, 20)) ? `(typed by the visitor) ${line}` : line))
    .join('\n');
}

/**
 * HubSpot's Forms Submission API v3 body: the non-empty fields; a field without a HubSpot field of its own (the
 * package) goes as a "<label>: <value>" line added to the message, under the `addedBySite` heading. Where the visitor came from (the last touch)
 * goes as the five utm_* fields with `utmFields` (the studio's HubSpot form has hidden properties of those names),
 * else as one "Came from:" line at the end of the message.
 */
export function hubspotSubmission(
  enquiry: StoredEnquiry,
  { siteUrl, utmFields }: { siteUrl: string; utmFields: boolean },
) {
  const unmappedLines = enquiryFieldTable.flatMap((field) => {
    const value = field.hubspot === null ? staffValue(enquiry, field) : undefined;
    return value ? [`${field.staffLabel}: ${value}`] : [];
  });
  const touch = enquiry.attribution?.last ?? enquiry.attribution?.first;
  const siteLines = [...unmappedLines, ...(enquiry.attribution && !utmFields ? [`Came from: ${cameFrom(touch)}`] : [])];
  const messageOf = (text: string | undefined) =>
    [text && visitorText(text), siteLines.length ? [addedBySite, ...siteLines].join('\n') : '']
      .filter(Boolean)
      .join('\n\n');
  const mapped = enquiryFieldTable.flatMap((field): Array<[string, string | undefined]> =>
    field.hubspot === null ? [] : [[field.hubspot, fieldValue(enquiry, field)]],
  );
  const hasMessage = mapped.some(([name]) => name === hubspotMessage);
  const values: Array<[string, string | undefined]> = [
    ...mapped.map(([name, value]): [string, string | undefined] => [
      name,
      name === hubspotMessage ? messageOf(value) : value,
    ]),
    ...(hasMessage ? [] : [[hubspotMessage, messageOf(undefined)] as [string, string]]),
    ...(utmFields ? utmKeys.map((key): [string, string | undefined] => [key, touch?.[key]]) : []),
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
export function absolutePageUri(pageUri: string, siteUrl: string): string {
  try {
    const url = new URL(pageUri, `${siteUrl}/`);
    return `${siteUrl}${url.pathname}${url.search}`;
  } catch {
    return `${siteUrl}/`;
  }
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
