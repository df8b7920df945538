/**
 * The newsletter sign-up as both the server and the browser know it: its fields, addresses, answers and the state
 * a page or island renders the form with. Its endpoints and hidden fields (the token, with one of its own, and the
 * honeypot, named as the consult form's) are in the page–script contract, src/shared/page-contract.ts.
 */

import type { FormErrors } from '../shared/form-errors.ts';
import { newsletterConfirmEndpoint, newsletterEndpoint } from '../shared/page-contract.ts';

/** The sign-up's visible fields, in the order visitors see them. */
export const newsletterFieldNames = ['email', 'firstname'] as const;
export type NewsletterField = (typeof newsletterFieldNames)[number];

export const newsletterFieldLimits = { email: 254, firstname: 100 } as const satisfies Record<NewsletterField, number>;

export const newsletterPaths = {
  /** The page about the newsletter, with the sign-up (in the sitemap). */
  page: '/newsletter',
  /** `POST`: a sign-up (a plain form post or JSON). */
  signUp: newsletterEndpoint,
  /** Where a plain post's accepted sign-up is sent (303). */
  checkYourInbox: '/newsletter/check-your-inbox',
  /** `GET /newsletter/confirm/<token>`: the page whose button confirms; a GET confirms nothing. */
  confirmPage: '/newsletter/confirm',
  /** `POST` with the `token` field: confirms the sign-up, then 303 to `confirmed`. */
  confirm: newsletterConfirmEndpoint,
  confirmed: '/newsletter/confirmed',
  /** `GET /newsletter/unsubscribe/<token>`: a page with a button; `POST` there removes the address (one-click). */
  unsubscribe: '/newsletter/unsubscribe',
  /** What that POST answers with (200, in place: a mail app's one-click unsubscribe follows no redirect). */
  unsubscribed: '/newsletter/unsubscribed',
  /** The archive of issues: posts of the blog's Newsletter category. */
  archive: '/blog?category=newsletter',
} as const;

/** The confirmation form's field carrying the link's token. */
export const confirmTokenFieldName = 'token';

/** The blog category whose posts are the newsletter's issues. */
export const newsletterCategorySlug = 'newsletter';

export const newsletterConfirmPath = (token: string) => `${newsletterPaths.confirmPage}/${encodeURIComponent(token)}`;
export const newsletterUnsubscribePath = (token: string) =>
  `${newsletterPaths.unsubscribe}/${encodeURIComponent(token)}`;

export const newsletterMessages = {
  /** The answer to every valid sign-up, whether or not the address is already subscribed. */
  checkYourInbox:
    'Check your inbox: if that address can join, we have sent it a link to confirm your subscription. Nothing is sent to it until you confirm.',
  /** The site-wide hourly cap of confirmation emails is reached (503). */
  capReached:
    'We are getting an unusual number of sign-ups, so we have paused them for now. Please try again in an hour, or email us and we will add you.',
  /** Too many sign-ups from one visitor (429). */
  tooMany: 'Too many sign-ups from your connection. Please wait a few minutes and try again.',
  /** The sign-up could not be stored or sent now (503). */
  unavailable: 'The sign-up is not working right now. Please try again in a few minutes, or email us.',
  /** The form's token expired (a page open for a day) or was not valid: send it again. */
  tokenExpired: 'This form had expired. Please send it again.',
  tooFast: 'That was quicker than a person types. Please wait a moment and send it again.',
  /** A confirmation link that is unknown, used, revoked or expired. */
  linkExpired: 'This link has expired or was already used',
  fields: {
    emailMissing: 'Enter your email address',
    emailInvalid: 'Enter an email address like name@example.com',
    emailTooLong: 'Email address must be 254 characters or fewer',
    firstnameTooLong: 'First name must be 100 characters or fewer',
  },
} as const;

/** What a page or island renders the sign-up with. */
export interface NewsletterFormState {
  /** The sign-up's own signed, time-stamped form token (the consult form's endpoint refuses it). */
  token: string;
  values?: Partial<Record<NewsletterField, string>>;
  errors?: FormErrors<NewsletterField>;
  message?: string;
  /**
   * On the sign-up: `sent` shows `message` in place of the form, `refused` and `unavailable` show it as the form's
   * problem (on /newsletter, a confirmation link that no longer works: 410).
   */
  status?: 'sent' | 'refused' | 'unavailable';
}

/** The JSON answer to an accepted sign-up (202). */
export interface NewsletterAccepted {
  message: string;
}
