import type { EnquiryField } from '../content/enquiry-form.ts';
import type { FormErrors } from './form-errors.ts';

export type EnquiryErrors = FormErrors<EnquiryField>;

/** What the server renders the form with; it travels in the page's boot data so hydration matches. */
export interface EnquiryFormState {
  /** The signed, time-stamped form token. */
  token: string;
  values?: Partial<Record<EnquiryField, string>>;
  errors?: EnquiryErrors;
}
