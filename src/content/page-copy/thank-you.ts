import type { PageCopy } from '../page-copy.ts';

export const thankYouCopy = {
  title: 'Thank You',
  description:
    "Your enquiry is in. We'll reply within 1 business day to book your free 15-minute consult with our Newcastle marketing studio.",
  heading: 'Thank you, your enquiry is in',
  intro: "We'll reply within 1 business day to book your free 15-minute consult.",
} as const satisfies PageCopy;

export const thankYouNextSteps = {
  heading: 'What happens next',
  steps: [
    'We read your enquiry and reply within 1 business day, by email or phone.',
    'We book your free 15-minute consult at a time that suits you: no cost and no obligation.',
    'In the consult we talk through your goals and recommend the package that fits, with a fixed price.',
  ],
  meanwhile: 'While you wait',
  blogLink: 'Read local marketing tips on our blog',
  servicesLink: 'Compare our packages',
} as const;
