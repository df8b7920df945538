import type { EnquiryField } from '../content/enquiry-form.ts';

/** The hidden fields of the site's own form. The honeypot's name is one no password manager fills in. */
export const tokenFieldName = 'form_token';
export const honeypotFieldName = 'enquiry_trap';
/** The path of the page the form was rendered on, which the server records as the enquiry's page. */
export const formPageFieldName = 'form_page';

/**
 * A form token is accepted only this long after it was issued: no person fills in the form faster, so the server
 * refuses a sooner post as a bot's, and the form waits this long before it sends again with a fresh token.
 */
export const tokenMinimumAgeMs = 3_000;

/** `form` is a problem with the whole submission (an expired form, say), shown in the summary only. */
export type EnquiryErrors = Partial<Record<EnquiryField | 'form', string>>;

/** What the server renders the form with; it travels in the page's boot data so hydration matches. */
export interface EnquiryFormState {
  /** The signed, time-stamped form token. */
  token: string;
  values?: Partial<Record<EnquiryField, string>>;
  errors?: EnquiryErrors;
}

/** The JSON answer to a refused enquiry. */
export interface EnquiryProblem {
  error: string;
  fields: EnquiryErrors;
  /** A fresh form token, when the one sent had expired or was not valid. */
  token?: string;
}
