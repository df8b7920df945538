import { attributionDays } from './attribution.ts';
import { errorPrefix } from './error-prefix.ts';
import { claims } from './offer.ts';

/** The site's own enquiry form: labels, hints, messages and the collection notice. */
export const enquiryFields = ['firstname', 'lastname', 'email', 'phone', 'company', 'plan', 'message'] as const;
export type EnquiryField = (typeof enquiryFields)[number];

export const enquiryForm = {
  heading: 'Send us your details',
  labels: {
    firstname: 'First name',
    lastname: 'Last name (optional)',
    email: 'Email address',
    phone: 'Phone (optional)',
    company: 'Business name (optional)',
    plan: 'Package (optional)',
    message: 'What do you need? (optional)',
  } satisfies Record<EnquiryField, string>,
  hints: {
    email: 'We only use it to reply to you.',
    message: 'A sentence or two about your business and what you want to achieve.',
  } satisfies Partial<Record<EnquiryField, string>>,
  noPlan: 'Not sure yet',
  submit: 'Send my enquiry',
  sending: 'Sending…',
  honeypotLabel: 'Leave this field empty',
  errorSummaryTitle: 'There is a problem',
  errorPrefix,
  messages: {
    firstnameMissing: 'Enter your first name',
    firstnameLong: 'First name must be 100 characters or fewer',
    lastnameLong: 'Last name must be 100 characters or fewer',
    emailMissing: 'Enter your email address',
    emailInvalid: 'Enter an email address in the correct format, like name@example.com',
    phoneInvalid: 'Enter a phone number, like 02 4929 7150 or +61 412 345 678',
    companyLong: 'Business name must be 200 characters or fewer',
    messageLong: 'What you need must be 5,000 characters or fewer',
    tokenExpired: 'This form had expired. Check your details and send it again.',
    tooFast: 'That was quicker than we expected. Check your details and send it again.',
    tooMany: 'We have had a lot of enquiries from your connection in the last hour. Please call or email us instead.',
    crossSite: 'This form can only be sent from our own website.',
    tooLarge: 'Your enquiry is too long. Shorten what you need and send it again.',
    unavailable: 'Sorry, we could not save your enquiry just now. Please try again, or call or email us.',
    network: 'We could not send your enquiry. Check your connection and try again, or call or email us.',
  },
  thanksTitle: 'Thank you, your enquiry is in',
  thanksBody:
    `We'll reply within ${claims.reply} to book your free ${claims.consult} consult. If it is urgent, call or email us.`,
  /** Under the form: who receives the details and why, and the note of the visit the browser keeps. */
  notice: (siteName: string) =>
    `${siteName} receives what you send here, only to reply to your enquiry and book your consult. It is stored on our server, emailed to our team and, where we use it, passed to HubSpot, our customer database. For ${attributionDays} days your browser also keeps a note of where your visit came from (the page you arrived on, campaign tags, the site that linked to us, names of ad click ids and the last button you clicked); it leaves your browser only with an enquiry.`,
  noticeLink: 'How we handle your details',
} as const;
