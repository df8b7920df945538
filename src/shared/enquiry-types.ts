import type { EnquiryField } from '../content/enquiry-form.ts';

/** `form` is a problem with the whole submission (an expired form, say), shown in the summary only. */
export type EnquiryErrors = Partial<Record<EnquiryField | 'form', string>>;

/** What the server renders the form with; it travels in the page's boot data so hydration matches. */
export interface EnquiryFormState {
  /** The signed, time-stamped form token. */
  token: string;
  values?: Partial<Record<EnquiryField, string>>;
  errors?: EnquiryErrors;
}
