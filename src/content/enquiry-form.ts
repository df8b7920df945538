import { errorPrefix } from './form-words.ts';
import { claims } from './offer.ts';
import type { PlanId } from './plan-titles.ts';

/**
 * One field of the site's own enquiry form, and everything the site does with it: the form shows it, the server
 * validates and stores it, and the commands, HubSpot and the staff's email carry it. A visitor's text is kept to
 * one line (`lines: 'one'`) or keeps its line breaks (`'several'`); a special check names what it must look like.
 */
interface TextField {
  name: string;
  /** The visitor's label and hint, on the form. */
  label: string;
  hint?: string;
  /** The staff's label, in the email and `npm run enquiries -- show`. */
  staffLabel: string;
  input: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete: string;
  required: boolean;
  maxLength: number;
  lines: 'one' | 'several';
  check?: 'email' | 'phone';
  /** The HubSpot form's field, or null to send it as a "<staffLabel>: value" line in HubSpot's message. */
  hubspot: string | null;
  /** `missing` when a required field is blank, `tooLong` past maxLength (or not text), `invalid` when its check fails. */
  messages: { missing?: string; tooLong: string; invalid?: string };
}

/** A choice of one of the site's plans: anything but a known plan id is dropped, not refused (a stale link). */
interface PlanField {
  name: string;
  label: string;
  hint?: string;
  staffLabel: string;
  input: 'select';
  autoComplete: string;
  required: false;
  check: 'plan';
  hubspot: null;
}

export type EnquiryFieldSpec = TextField | PlanField;
export type EnquiryFieldTable = readonly EnquiryFieldSpec[];

/** The form's fields in the order visitors see them. Adding a field to the form is one entry here. */
export const enquiryFieldTable = [
  {
    name: 'firstname',
    label: 'First name',
    staffLabel: 'First name',
    input: 'text',
    autoComplete: 'given-name',
    required: true,
    maxLength: 100,
    lines: 'one',
    hubspot: 'firstname',
    messages: { missing: 'Enter your first name', tooLong: 'First name must be 100 characters or fewer' },
  },
  {
    name: 'lastname',
    label: 'Last name (optional)',
    staffLabel: 'Last name',
    input: 'text',
    autoComplete: 'family-name',
    required: false,
    maxLength: 100,
    lines: 'one',
    hubspot: 'lastname',
    messages: { tooLong: 'Last name must be 100 characters or fewer' },
  },
  {
    name: 'email',
    label: 'Email address',
    hint: 'We only use it to reply to you.',
    staffLabel: 'Email',
    input: 'email',
    autoComplete: 'email',
    required: true,
    maxLength: 254,
    lines: 'one',
    check: 'email',
    hubspot: 'email',
    messages: {
      missing: 'Enter your email address',
      tooLong: 'Enter an email address in the correct format, like name@example.com',
      invalid: 'Enter an email address in the correct format, like name@example.com',
    },
  },
  {
    name: 'phone',
    label: 'Phone (optional)',
    staffLabel: 'Phone',
    input: 'tel',
    autoComplete: 'tel',
    required: false,
    maxLength: 40,
    lines: 'one',
    check: 'phone',
    hubspot: 'phone',
    messages: {
      tooLong: 'Enter a phone number, like 02 4929 7150 or +61 412 345 678',
      invalid: 'Enter a phone number, like 02 4929 7150 or +61 412 345 678',
    },
  },
  {
    name: 'company',
    label: 'Business name (optional)',
    staffLabel: 'Business',
    input: 'text',
    autoComplete: 'organization',
    required: false,
    maxLength: 200,
    lines: 'one',
    hubspot: 'company',
    messages: { tooLong: 'Business name must be 200 characters or fewer' },
  },
  {
    name: 'plan',
    label: 'Package (optional)',
    staffLabel: 'Package',
    input: 'select',
    autoComplete: 'off',
    required: false,
    check: 'plan',
    hubspot: null,
  },
  {
    name: 'message',
    label: 'What do you need? (optional)',
    hint: 'A sentence or two about your business and what you want to achieve.',
    staffLabel: 'Message',
    input: 'textarea',
    autoComplete: 'off',
    required: false,
    maxLength: 5000,
    lines: 'several',
    hubspot: 'message',
    messages: { tooLong: 'What you need must be 5,000 characters or fewer' },
  },
] as const satisfies EnquiryFieldTable;

export const enquiryFields = enquiryFieldTable.map((field) => field.name);
export type EnquiryField = (typeof enquiryFieldTable)[number]['name'];

/** A field's id on the page: the error summary's links and the consult page's "Change package" go to it. */
export const enquiryFieldId = (name: EnquiryField) => `enquiry-${name}`;

/** What a field holds once validated: a plan's id, or the visitor's text. */
type FieldValue<F> = F extends { check: 'plan' } ? PlanId : string;

/** The fields of an enquiry as stored, from a table: its required fields always present, the others optional. */
export type EnquiryFieldsOf<T extends EnquiryFieldTable> = {
  [F in T[number] as F['required'] extends true ? F['name'] : never]: FieldValue<F>;
} & {
  [F in T[number] as F['required'] extends true ? never : F['name']]?: FieldValue<F>;
};

/** The channels an enquiry goes through besides the server, each named only when the site is set up with it. */
export interface NoticeChannels {
  /** SMTP_URL is set: each enquiry is emailed to the studio. */
  emailed: boolean;
  /** HubSpot's ids are set: each enquiry reaches HubSpot. */
  hubspot: boolean;
  /** BOOKING_URL's scheduling service, by name. */
  bookingService?: string;
}

/** The site's own enquiry form around its fields: headings, the whole form's messages and the collection notice. */
export const enquiryForm = {
  heading: 'Send us your details',
  noPlan: 'Not sure yet',
  submit: 'Send my enquiry',
  sending: 'Sending…',
  errorPrefix,
  messages: {
    tokenExpired: 'This form had expired. Check your details and send it again.',
    tooFast: 'That was quicker than we expected. Check your details and send it again.',
    tooMany: 'We have had a lot of enquiries from your connection in the last hour. Please call or email us instead.',
    crossSite: 'This form can only be sent from our own website.',
    tooLarge: 'Your enquiry is too long. Shorten what you need and send it again.',
    unavailable: 'Sorry, we could not save your enquiry just now. Please try again, or call or email us.',
    network: 'We could not send your enquiry. Check your connection and try again, or call or email us.',
  },
  thanksTitle: 'Thank you, your enquiry is in',
  thanksBody: `We'll reply within ${claims.reply} to book your free ${claims.consult} consult. If it is urgent, call or email us.`,
  /**
   * Under the form, in at most three lines on a phone: why the details are asked for and where they go, naming only
   * the channels the site is set up with (as /privacy does); the rest is on /privacy, which its link opens.
   */
  notice: ({ emailed, hubspot, bookingService }: NoticeChannels) => {
    const where = ['stored here', ...(emailed ? ['emailed to us'] : []), ...(hubspot ? ['sent to HubSpot'] : [])];
    return `Used only to reply: ${[...where, ...(bookingService ? [`booking on ${bookingService}`] : [])].join(', ')}.`;
  },
  noticeLink: 'How we handle your details',
} as const;
