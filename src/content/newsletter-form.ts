import { claims } from './offer.ts';

/** The sign-up form, wherever it stands: /newsletter, the end of every post and /blog. */
export const newsletterForm = {
  heading: 'Get the local newsletter',
  intro: `${claims.newsletterFrequency.charAt(0).toUpperCase()}${claims.newsletterFrequency.slice(1)}, free, and one click to leave.`,
  fields: {
    email: { label: 'Email address', autoComplete: 'email' },
    firstname: { label: 'First name (optional)', autoComplete: 'given-name' },
  },
  submit: 'Subscribe',
  sending: 'Subscribing…',
  notice: 'We email you a link to confirm. Nothing is sent until you do.',
  noticeLink: 'How we handle your details',
  network: 'Your sign-up could not be sent. Check your connection and try again.',
} as const;
