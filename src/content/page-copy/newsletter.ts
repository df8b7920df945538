import type { PageCopy } from '../page-copy.ts';
import { claims } from '../offer.ts';
import type { SectionCopy } from '../sections.ts';

export const newsletterCopy = {
  title: 'The Newcastle Local Newsletter',
  description: `Our ${claims.newsletterFrequency} email about Newcastle's businesses, openings and events, read by ${claims.subscribers} locals (about ${claims.openRate} open it). Free to join.`,
  heading: 'The Newcastle local newsletter',
  intro: `A ${claims.newsletterFrequency} email about what's new, what's on and the local businesses worth knowing. Free to join, and one click to leave.`,
} as const satisfies PageCopy;

export const newsletterSections = {
  readers: {
    eyebrow: 'Who reads it',
    title: 'Locals who open it',
    intro: `${claims.subscribers} people in and around Newcastle get it, and about ${claims.openRate} of them open each issue.`,
  },
  stats: {
    subscribers: 'local subscribers',
    openRate: 'average open rate',
    frequency: 'a new issue',
  },
  latest: {
    eyebrow: 'Latest issue',
    title: 'Read the latest issue',
    archive: 'All past issues',
  },
  covers: {
    eyebrow: 'What it covers',
    title: 'What each issue covers',
    intro: 'Every issue is short, local and written by us.',
  },
  featured: {
    eyebrow: 'For businesses',
    title: 'Get your business featured',
    intro:
      'A feature introduces your business through an email locals already read, which lands better than a cold ad.',
    packagesHeading: 'Packages that include a feature',
    packageLink: (title: string) => `See ${title}`,
  },
  /** Where the sign-up cannot send a confirmation: joining by email instead. */
  byEmail: {
    heading: 'Join by email',
    text: 'Email us and ask to join: we add you and reply to confirm.',
    subject: 'Add me to the newsletter',
  },
} as const satisfies Record<string, SectionCopy | Record<string, unknown>>;

/** The pages around a sign-up: none is indexed, each only means something to whoever signed up. */
export const checkInboxCopy = {
  title: 'Check Your Inbox',
  description: 'Confirm your newsletter sign-up with the link we emailed you.',
  heading: 'Check your inbox',
  notArrived: "Can't see it after a few minutes? Check your spam or promotions folder.",
  blogLink: 'Read local marketing tips on our blog',
} as const;

export const confirmCopy = {
  title: 'Confirm Your Subscription',
  description: 'Confirm your subscription to our local newsletter.',
  heading: 'Confirm your subscription',
  intro: 'One last step: press the button to start getting the newsletter.',
  button: 'Confirm my subscription',
  sending: 'Confirming…',
} as const satisfies PageCopy & Record<string, string>;

export const confirmedCopy = {
  title: 'Subscribed',
  description: 'Your subscription to our local newsletter is confirmed.',
  heading: "You're subscribed",
  intro: `Thanks for confirming. The next issue comes to your inbox, and every issue has a link to leave.`,
  next: 'While you wait',
  blogLink: 'Read local marketing tips on our blog',
} as const satisfies PageCopy & Record<string, string>;

export const unsubscribeCopy = {
  title: 'Unsubscribe',
  description: 'Stop getting our local newsletter.',
  heading: 'Unsubscribe from the newsletter',
  intro: 'Press the button and we stop emailing you straight away.',
  button: 'Unsubscribe',
} as const satisfies PageCopy & Record<string, string>;

/** After the unsubscribe button's post. */
export const unsubscribedCopy = {
  title: "You're Unsubscribed",
  description: 'You no longer get our local newsletter.',
  heading: "You're unsubscribed",
  intro: 'We have removed your address and will not email you again. Changed your mind? You can join again below.',
} as const satisfies PageCopy;
