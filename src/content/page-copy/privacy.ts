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

/** The policy's sections; the contact section, with the studio's phone and email, follows them. */
export const privacySections: readonly PrivacySection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'When you send our enquiry form we receive your name, email address and, if you give them, your phone number, business name, the package you are interested in and your message, with the address of the page you sent it from.',
      'We use them only to reply to your enquiry, book your free consult and, if you become a client, to do the work you ask for. We never sell them or add you to a mailing list without asking.',
    ],
  },
  {
    heading: 'Where your details are stored',
    paragraphs: [
      'Each enquiry is saved on our web server before the form tells you it has been sent, so that none is lost, and emailed to our team.',
      'We use HubSpot, a customer relationship service, to keep track of enquiries. Where it is set up, your enquiry is sent to HubSpot too, either by the HubSpot form on our pages or by our server. HubSpot may store data outside Australia under its own privacy policy.',
    ],
  },
  {
    heading: 'How long we keep them, and deleting them',
    paragraphs: [
      'We keep an enquiry for as long as we need it to work with you, and delete enquiries that did not lead to work within two years.',
      'You can ask to see, correct or delete your details at any time: contact us as below and we will do it within 30 days, on our server and in HubSpot.',
    ],
  },
];

export const privacyContact = {
  heading: 'Contact us',
  body: 'For any question about your details, or to have them changed or deleted, call or email us:',
} as const;
