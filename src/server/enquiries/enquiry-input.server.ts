import { z } from 'zod';
import { enquiryFields, enquiryForm, type EnquiryField } from '../../content/enquiry-form.ts';
import { planIds, type PlanId } from '../../content/plan-titles.ts';
import type { EnquiryErrors } from '../../lib/enquiry-types.ts';
import { multiLine, singleLine } from '../../lib/plain-text.ts';
import { parseAttribution } from './attribution.server.ts';

const m = enquiryForm.messages;

/** A field of one line: a visitor's line breaks become spaces, control and bidi characters go (see plain-text.ts). */
const oneLine = (error: string) => z.string({ error }).overwrite(singleLine).trim();

/** An optional text field: absent or blank is undefined. */
const optionalText = (max: number, tooLong: string, clean = singleLine) =>
  z
    .string({ error: tooLong })
    .overwrite(clean)
    .trim()
    .max(max, tooLong)
    .transform((value) => value || undefined)
    .optional();

const phonePattern = /^\+?[\d\s().-]{6,30}$/;

/** The fields of a posted enquiry, with the messages a visitor sees at each. */
export const enquiryInputSchema = z.object({
  firstname: oneLine(m.firstnameMissing).min(1, m.firstnameMissing).max(100, m.firstnameLong),
  lastname: optionalText(100, m.lastnameLong),
  email: oneLine(m.emailMissing)
    .min(1, m.emailMissing)
    .max(254, m.emailInvalid)
    .pipe(z.email({ error: m.emailInvalid })),
  phone: optionalText(40, m.phoneInvalid).refine(
    (value) => value === undefined || (phonePattern.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6),
    m.phoneInvalid,
  ),
  company: optionalText(200, m.companyLong),
  // The message keeps its line breaks.
  message: optionalText(5000, m.messageLong, multiLine),
  // Anything but a known plan id is dropped, not refused: a stale link should not stop an enquiry.
  plan: z
    .unknown()
    .transform((value) => (planIds.includes(value as PlanId) ? (value as PlanId) : undefined))
    .optional(),
  // Where the visitor came from (sent with JavaScript only): what is malformed is dropped, never refused.
  attribution: z.unknown().transform(parseAttribution).optional(),
});

export type EnquiryInput = z.infer<typeof enquiryInputSchema>;

export type ParsedEnquiry = { ok: true; data: EnquiryInput } | { ok: false; errors: EnquiryErrors };

export function parseEnquiry(body: Record<string, unknown>): ParsedEnquiry {
  const result = enquiryInputSchema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const errors: EnquiryErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EnquiryField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The posted values to put back in the form, as text (a repeated or odd-typed field comes back empty). */
export function formValues(body: Record<string, unknown>): Partial<Record<EnquiryField, string>> {
  const values: Partial<Record<EnquiryField, string>> = {};
  for (const name of enquiryFields) {
    const value = body[name];
    if (typeof value === 'string' && value !== '') values[name] = value.slice(0, 5000);
  }
  return values;
}
