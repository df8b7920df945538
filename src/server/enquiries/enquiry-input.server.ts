import { z } from 'zod';
import { enquiryFieldTable, enquiryFields, type EnquiryField } from '../../content/enquiry-form.ts';
import type { EnquiryErrors } from '../../browser/lib/enquiry-types.ts';
import type { Attribution } from './attribution.server.ts';
import { parseAttribution } from './attribution.server.ts';
import { inputShape } from './enquiry-fields.server.ts';
import type { EnquiryFields } from './enquiry.ts';

export type EnquiryInput = EnquiryFields & { attribution?: Attribution };

/**
 * The fields of a posted enquiry, with the messages a visitor sees at each. Built from the field table, so zod
 * cannot infer its type: the table's own type (EnquiryFields) is the one it validates.
 */
export const enquiryInputSchema = z.object({
  ...inputShape(enquiryFieldTable),
  // Where the visitor came from (sent with JavaScript only): what is malformed is dropped, never refused.
  attribution: z.unknown().transform(parseAttribution).optional(),
}) as unknown as z.ZodType<EnquiryInput>;

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
