import { z } from 'zod';
import { enquiryFieldTable, enquiryFields, type EnquiryField } from '../../content/enquiry-form.ts';
import type { EnquiryErrors } from '../../shared/enquiry-types.ts';
import { parseAttribution, type Attribution, type IsPublishedPost } from './attribution.server.ts';
import { inputShape } from './enquiry-fields.server.ts';
import type { EnquiryFields } from './enquiry.ts';

export type EnquiryInput = EnquiryFields & { attribution?: Attribution };

/**
 * The fields of a posted enquiry, with the messages a visitor sees at each. Built from the field table, so zod
 * cannot infer its type: the table's own type (EnquiryFields) is the one it validates.
 */
export const enquiryInputSchema = z.object({
  ...inputShape(enquiryFieldTable),
  // Where the visitor came from (sent with JavaScript only), cleaned by parseEnquiry, which knows the blog's posts.
  attribution: z.unknown().optional(),
}) as unknown as z.ZodType<EnquiryFields & { attribution?: unknown }>;

export type ParsedEnquiry = { ok: true; data: EnquiryInput } | { ok: false; errors: EnquiryErrors };

/** A posted enquiry's fields; its attribution cleaned, what is malformed in it dropped, never a reason to refuse. */
export function parseEnquiry(body: Record<string, unknown>, isPublishedPost: IsPublishedPost): ParsedEnquiry {
  const result = enquiryInputSchema.safeParse(body);
  if (result.success) {
    const { attribution, ...fields } = result.data;
    const kept = parseAttribution(attribution, isPublishedPost);
    return { ok: true, data: { ...fields, ...(kept ? { attribution: kept } : {}) } as EnquiryInput };
  }
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
