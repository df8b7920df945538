import { attributionDays } from '../attribution.ts';
import { prefillParameters, schedulingService } from '../scheduling-services.ts';
import type { PageCopy } from '../page-copy.ts';

export const privacyCopy = {
  title: 'Privacy',
  description:
    'How our Newcastle marketing studio collects, stores, forwards and deletes the details you send through our enquiry form, and whom to contact.',
  heading: 'Privacy',
  intro: 'What happens to the details you send us through our enquiry form, and how to have them changed or deleted.',
} as const satisfies PageCopy;

export interface PrivacySection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

const numberWords = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A number of days as a reader says it: whole years in words (730: "two years"), otherwise days ("90 days"). */
export function retentionPeriod(days: number): string {
  if (days % 365 === 0) {
    const years = days / 365;
    return `${numberWords[years - 1] ?? years} ${years === 1 ? 'year' : 'years'}`;
  }
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * Named only when the site offers a scheduling page (BOOKING_URL): a visitor's booking goes to that service, and
 * with a service that takes them, the link carries their name and email.
 */
function bookingSection(bookingUrl: string): PrivacySection {
  const service = schedulingService(bookingUrl);
  const host = new URL(bookingUrl).hostname;
  return {
    heading: 'Booking a time',
    paragraphs: [
      `We offer you a link to choose a time for your consult, on our consult page and after you send an enquiry. It opens our booking page on ${service} (${host}), a scheduling service that receives the details you enter there, under its own privacy policy. Nothing is loaded from it until you click the link.`,
      ...(prefillParameters(bookingUrl)
        ? [
            `The link we offer after you send an enquiry carries the name and email address you have just given us, so that ${service}'s booking form starts filled in: they reach ${service} only if you click it. If your enquiry was sent before our page had finished loading, your browser keeps them in this tab's storage until the thank-you page has put them in the link, and deletes them then.`,
          ]
        : []),
    ],
  };
}

/** The channels an enquiry may go through besides this server: each is named only when it is configured. */
export interface PrivacyChannels {
  /** The scheduling page (BOOKING_URL). */
  bookingUrl?: string;
  /** Each enquiry is emailed to the studio (SMTP_URL). */
  emailed?: boolean;
  /** Enquiries reach HubSpot (its portal and form ids). */
  hubspot?: boolean;
  /**
   * The newsletter's sign-up is offered: `email` where this site emails the confirmation link (SMTP_URL), `hubspot`
   * where HubSpot's newsletter form sends its own double opt-in email.
   */
  newsletter?: false | 'email' | 'hubspot';
}

/** Hours a confirmation link works; an unconfirmed sign-up is deleted after them. */
export const newsletterConfirmationHours = 48;

/**
 * Named only when the site offers the newsletter's sign-up: what it keeps, why, for how long, and how to leave, as
 * the sign-up is confirmed (by the link this site emails, or by HubSpot's own double opt-in email).
 */
const newsletterSection = (confirmedBy: 'email' | 'hubspot'): PrivacySection => ({
  heading: 'Our newsletter',
  paragraphs: [
    'If you sign up for our newsletter we keep your email address, your first name if you give it, when you signed up and confirmed, and where your visit came from (as above). We use them only to send you the newsletter.',
    confirmedBy === 'email'
      ? `Nothing is sent to you until you confirm: we email you a link that works once, for ${newsletterConfirmationHours} hours. If you do not confirm, your address is deleted after those ${newsletterConfirmationHours} hours. Once you confirm, we keep your details for as long as you stay subscribed, and may pass your address and first name to the email service that sends the newsletter (such as HubSpot or Mailchimp), which keeps them under its own privacy policy.`
      : 'Nothing is sent to you until you confirm: when you sign up we pass your address and first name to HubSpot, the service that sends the newsletter, which emails you a link to confirm and keeps them under its own privacy policy (it may store data outside Australia). We keep our record of your sign-up until you leave.',
    'Every email about the newsletter carries an unsubscribe link: one click removes your address from our server straight away. You can also email us and we will remove it, here and from the service that sends the newsletter.',
  ],
});

/**
 * The policy's sections, with the period the server keeps enquiries for (ENQUIRY_RETENTION_DAYS) and the channels
 * configured (email, HubSpot, the scheduling service); the contact section, with the studio's phone and email,
 * follows them.
 */
export const privacySections = (
  enquiryRetentionDays: number,
  { bookingUrl, emailed = false, hubspot = false, newsletter = false }: PrivacyChannels = {},
): readonly PrivacySection[] => [
  {
    heading: 'What we collect',
    paragraphs: [
      'When you send our enquiry form we receive your name, email address and, if you give them, your phone number, business name, the package you are interested in and your message, with the address of the page you sent it from and where your visit came from (below).',
      'We use them only to reply to your enquiry, book your free consult and, if you become a client, to do the work you ask for. We never sell them or add you to a mailing list without asking.',
    ],
  },
  {
    heading: 'Where your visit came from',
    paragraphs: [
      'To learn which of our emails, ads and links bring enquiries, our pages keep a short note in your browser (in its storage for this site, not in a cookie) of where your visits came from: the page you first arrived on, and the page you last arrived on from a campaign or another website, with the campaign tags in their links (utm_source, utm_medium, utm_campaign, utm_term, utm_content), the website that linked to us and the names of any ad click ids (gclid, fbclid, msclkid; never their values). It also notes the last button you clicked on our site.',
      'While you fill in our enquiry form, what you have typed is kept in your browser for that tab only (its session storage), so that it is still there if you leave the page and come back; it is never sent anywhere until you send the form, and it is deleted once we have received your enquiry or you close the tab.',
      `The note covers ${attributionDays} days from your first visit; your first visit after that starts a new one. It is never sent anywhere on its own: it leaves your browser only with an enquiry you send through our form, and is then handled like the rest of that enquiry. To remove it, clear this site's data in your browser.`,
    ],
  },
  {
    heading: 'Where your details are stored',
    paragraphs: [
      `Each enquiry is saved on our web server before the form tells you it has been sent, so that none is lost${emailed ? ', and emailed to our team' : ''}.`,
      ...(hubspot
        ? [
            'We use HubSpot, a customer relationship service, to keep track of enquiries: your enquiry is sent to HubSpot too, either by the HubSpot form on our pages or by our server. HubSpot may store data outside Australia under its own privacy policy.',
          ]
        : []),
    ],
  },
  ...(bookingUrl ? [bookingSection(bookingUrl)] : []),
  ...(newsletter ? [newsletterSection(newsletter)] : []),
  {
    heading: 'How long we keep them, and deleting them',
    paragraphs: [
      `We keep an enquiry for as long as we need it to work with you, and delete enquiries that did not lead to work within ${retentionPeriod(enquiryRetentionDays)}.`,
      `You can ask to see, correct or delete your details at any time: contact us as below and we will do it within 30 days, on our server${hubspot ? ' and in HubSpot' : ''}.`,
    ],
  },
];

export const privacyContact = {
  heading: 'Contact us',
  body: 'For any question about your details, or to have them changed or deleted, call or email us:',
} as const;
