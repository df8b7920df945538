/** Forwarding an enquiry to HubSpot's Forms Submission API (v3), and what its answers mean for a retry. */
import { enquiryFieldTable } from '../../content/enquiry-form.ts';
import { singleLine } from '../../shared/plain-text.ts';
import type { Config } from '../config.server.ts';
import { cameFrom, utmKeys } from './attribution.server.ts';
import { fieldValue, staffValue } from './enquiry-fields.server.ts';
import { absolutePageUri, type Outcome, type StoredEnquiry } from './enquiry.ts';

/**
 * One HubSpot submission: 2xx is sent; a network error, 429 (after Retry-After) or 5xx is retried; others final,
 * except a refusal only because the HubSpot form lacks some of the fields sent (studios build their forms without
 * "company", say): then it is sent again without them, their values added to the message, and counts as sent, with
 * the missing fields named so the operator can add them to the form.
 */
export async function forwardToHubSpot(
  enquiry: StoredEnquiry,
  config: Config,
  { signal, timeoutMs }: { signal: AbortSignal; timeoutMs: number },
): Promise<Outcome> {
  const { portalId, formId } = config.public.hubspot;
  const url = `${config.enquiries.hubspotApiUrl}/submissions/v3/integration/submit/${portalId}/${formId}`;
  const options = { siteUrl: config.public.siteUrl, utmFields: config.enquiries.hubspotUtmFields };
  const omitted: string[] = [];
  // Each answer names every field the form lacks; a second round only if HubSpot named fewer than it meant.
  for (let round = 0; round < 3; round += 1) {
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(hubspotSubmission(enquiry, { ...options, omit: omitted })),
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      body = await response.text();
    } catch (error) {
      const code = networkErrorCode(error);
      return { kind: 'retry', code, reason: `network error (${code})` };
    }
    if (response.ok) return omitted.length ? { kind: 'sent', missingFields: omitted } : { kind: 'sent' };
    const code = `HTTP ${response.status}`;
    const reason = `HubSpot answered ${response.status}${body ? `: ${body.slice(0, 500)}` : ''}`;
    if (response.status === 429) {
      return { kind: 'retry', code, reason, afterMs: retryAfterMs(response.headers.get('retry-after'), Date.now()) };
    }
    if (response.status >= 500) return { kind: 'retry', code, reason };
    const missing = response.status === 400 ? fieldsNotInForm(body) : undefined;
    if (!missing?.length || missing.some((name) => omitted.includes(name))) return { kind: 'failed', code, reason };
    omitted.push(...missing);
  }
  return {
    kind: 'failed',
    code: 'FIELD_NOT_IN_FORM_DEFINITION',
    reason: `HubSpot kept refusing fields: ${omitted.join(', ')}`,
  };
}

/**
 * The fields HubSpot's 400 names as not in its form, when that is all it refused (every error has the type
 * FIELD_NOT_IN_FORM_DEFINITION); otherwise undefined. HubSpot's body: `{"status":"error","message":"…",
 * "correlationId":"…","errors":[{"message":"Error in 'fields.company'. Field is not in the form definition.",
 * "errorType":"FIELD_NOT_IN_FORM_DEFINITION"}]}`.
 */
export function fieldsNotInForm(body: string): string[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const errors = (parsed as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || !errors.length) return undefined;
  const names: string[] = [];
  for (const error of errors as Array<{ errorType?: unknown; message?: unknown }>) {
    if (error?.errorType !== 'FIELD_NOT_IN_FORM_DEFINITION' || typeof error.message !== 'string') return undefined;
    const name = /'fields\.([^']+)'/.exec(error.message)?.[1];
    if (!name) return undefined;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** HubSpot's field for the visitor's message, which also carries what has no HubSpot field of its own. */
const hubspotMessage = 'message';

/** The heading above the lines the site adds to the message (the package, where the visitor came from). */
export const addedBySite = '--- Added by the website, not typed by the visitor ---';

/**
 * The heading between the site's lines and the visitor's message. The site's lines always come first and the
 * visitor's text always comes under this heading, so nothing a visitor types, however it imitates the site's
 * heading or its lines, can appear above it.
 */
export const typedByVisitor = '--- Typed by the visitor ---';

/**
 * HubSpot's Forms Submission API v3 body: the non-empty fields; a field without a HubSpot field of its own (the
 * package) goes as a "<label>: <value>" line at the top of the message, under the `addedBySite` heading, and the
 * visitor's message follows under the `typedByVisitor` heading. Where the visitor came from (the last touch) goes
 * as the five utm_* fields with `utmFields` (the studio's HubSpot form has hidden properties of those names), else
 * as one "Came from:" line there. Fields in `omit` (the HubSpot form lacks
 * them) are left out, their values added under that heading as "<label>: <value>" lines too.
 */
export function hubspotSubmission(
  enquiry: StoredEnquiry,
  { siteUrl, utmFields, omit = [] }: { siteUrl: string; utmFields: boolean; omit?: readonly string[] },
) {
  const unmappedLines = enquiryFieldTable.flatMap((field) => {
    const value = field.hubspot === null ? staffValue(enquiry, field) : undefined;
    return value ? [`${field.staffLabel}: ${value}`] : [];
  });
  const touch = enquiry.attribution?.last ?? enquiry.attribution?.first;
  const labels = new Map<string, string>(
    enquiryFieldTable.flatMap((field) => (field.hubspot === null ? [] : [[field.hubspot, field.staffLabel]])),
  );
  const mapped = enquiryFieldTable.flatMap((field): Array<[string, string | undefined]> =>
    field.hubspot === null ? [] : [[field.hubspot, fieldValue(enquiry, field)]],
  );
  const all: Array<[string, string | undefined]> = [
    ...mapped,
    ...(utmFields ? utmKeys.map((key): [string, string | undefined] => [key, touch?.[key]]) : []),
  ];
  // One line each, whatever an older enquiry holds: a line break could pass for another line.
  const omittedLines = all.flatMap(([name, value]) =>
    omit.includes(name) && name !== hubspotMessage && value?.trim()
      ? [`${labels.get(name) ?? name}: ${singleLine(value)}`]
      : [],
  );
  const siteLines = [
    ...unmappedLines,
    ...omittedLines,
    ...(enquiry.attribution && !utmFields ? [`Came from: ${cameFrom(touch)}`] : []),
  ];
  const messageOf = (text: string | undefined) =>
    [siteLines.length ? [addedBySite, ...siteLines].join('\n') : '', text?.trim() ? `${typedByVisitor}\n${text}` : '']
      .filter(Boolean)
      .join('\n\n');
  const values: Array<[string, string | undefined]> = [
    ...all.map(([name, value]): [string, string | undefined] => [
      name,
      name === hubspotMessage ? messageOf(value) : value,
    ]),
    ...(mapped.some(([name]) => name === hubspotMessage)
      ? []
      : [[hubspotMessage, messageOf(undefined)] as [string, string]]),
  ].filter(([name]) => !omit.includes(name));
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

/** Retry-After as seconds or an HTTP date; at least 1 s, at most an hour. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1_000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 1_000), 3_600_000);
}

export function networkErrorCode(error: unknown): string {
  const err = error as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (err.name === 'TimeoutError' || err.cause?.name === 'TimeoutError') return 'TIMEOUT';
  if (err.name === 'AbortError') return 'ABORTED';
  return err.cause?.code ?? err.code ?? 'NETWORK';
}
