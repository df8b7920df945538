/**
 * What the server makes of the form's field table (src/content/enquiry-form.ts): the zod schemas for a post and for
 * a stored enquiry, the order of records, and each field's text for staff. Every function takes the table, so one
 * with another field builds the same way.
 */
import { z } from 'zod';
import type { EnquiryFieldSpec, EnquiryFieldTable } from '../../content/enquiry-form.ts';
import { planIds, planTitles, type PlanId } from '../../content/plan-titles.ts';
import { multiLine, singleLine } from '../../shared/plain-text.ts';

const phonePattern = /^\+?[\d\s().-]{6,30}$/;

const isPlanId = (value: unknown): value is PlanId => planIds.includes(value as PlanId);

/** The named checks, as zod schemas for a present value. */
const checks = {
  email: (error: string) => z.email({ error }),
  phone: (error: string) =>
    z.string().refine((value) => phonePattern.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6, error),
};

/** A posted field, with the messages a visitor sees at it. */
function inputSchema(field: EnquiryFieldSpec): z.ZodType {
  // Anything but a known plan id is dropped, not refused: a stale link should not stop an enquiry.
  if (field.check === 'plan') {
    return z
      .unknown()
      .transform((value) => (isPlanId(value) ? value : undefined))
      .optional();
  }
  // One line: a visitor's line breaks become spaces; control and bidi characters go (see plain-text.ts).
  const clean = field.lines === 'one' ? singleLine : multiLine;
  const { missing, tooLong, invalid = tooLong } = field.messages;
  const check = field.check && checks[field.check](invalid);
  if (field.required) {
    const text = z
      .string({ error: missing ?? tooLong })
      .overwrite(clean)
      .trim()
      .min(1, missing ?? tooLong)
      .max(field.maxLength, tooLong);
    return check ? text.pipe(check) : text;
  }
  // An optional field: absent or blank is undefined.
  const optional = z
    .string({ error: tooLong })
    .overwrite(clean)
    .trim()
    .max(field.maxLength, tooLong)
    .transform((value) => value || undefined)
    .optional();
  return check ? optional.refine((value) => value === undefined || check.safeParse(value).success, invalid) : optional;
}

/**
 * The fields every enquiry has had since the first: a stored one lacks none of them. Any other may be missing from an
 * enquiry stored before the form asked for it, however the form's table marks it now, so that making a field
 * required never makes an enquiry already stored unreadable.
 */
export const coreFieldNames = ['firstname', 'email'] as const;
export type CoreField = (typeof coreFieldNames)[number];
const isCore = (name: string) => (coreFieldNames as readonly string[]).includes(name);

/**
 * A field as stored: the stored text is checked for its type only, having been checked when it was posted; only the
 * core fields must be there.
 */
function storedSchema(field: EnquiryFieldSpec): z.ZodType {
  if (field.check === 'plan') return z.enum(planIds as [PlanId, ...PlanId[]]).optional();
  return isCore(field.name) ? z.string() : z.string().optional();
}

const shape = (fields: readonly EnquiryFieldSpec[], schema: (field: EnquiryFieldSpec) => z.ZodType) =>
  Object.fromEntries(fields.map((field) => [field.name, schema(field)]));

/**
 * Records (`list --json`, the CSV, the store) list what the visitor typed in the form's order, then their choices:
 * a choice's title stands beside its id in the CSV, at the end of the visitor's fields.
 */
export function recordOrder<T extends EnquiryFieldTable>(fields: T): T[number][] {
  return [...fields.filter((field) => field.input !== 'select'), ...fields.filter((field) => field.input === 'select')];
}

/** The posted fields' schemas, in record order (so a post's first problem is the first in that order). */
export const inputShape = (fields: EnquiryFieldTable) => shape(recordOrder(fields), inputSchema);

/** The stored fields' schemas, in record order. */
export const storedShape = (fields: EnquiryFieldTable) => shape(recordOrder(fields), storedSchema);

/** The names of the fields a visitor may leave out. */
export const optionalFieldNames = <T extends EnquiryFieldTable>(fields: T) =>
  fields.filter((field) => !field.required).map((field) => field.name) as Extract<
    T[number],
    { required: false }
  >['name'][];

/** A field whose text keeps its line breaks: staff read it as a block of its own, after the one-line fields. */
export const keepsLines = (field: EnquiryFieldSpec) => field.check !== 'plan' && field.lines === 'several';

/** A field's stored value; the stores keep only non-empty text. */
export function fieldValue(enquiry: object, field: EnquiryFieldSpec): string | undefined {
  const value = (enquiry as Record<string, unknown>)[field.name];
  return typeof value === 'string' ? value : undefined;
}

/** A field's value as staff read it: a plan's title, or the visitor's text. */
export function staffValue(enquiry: object, field: EnquiryFieldSpec): string | undefined {
  const value = fieldValue(enquiry, field);
  if (field.check !== 'plan') return value;
  return isPlanId(value) ? planTitles[value] : undefined;
}
