import type { PageCopy } from '../page-copy.ts';

export const startProjectCopy = {
  title: 'Book a Free Consult',
  description:
    "Book a free 15-minute consult with our Newcastle marketing studio. Tell us about your business and we'll reply within 1 business day with next steps.",
  heading: 'Book your free 15-minute consult',
  intro:
    "Tell us a little about your business and what you want to achieve. We'll reply within 1 business day to lock in your free 15-minute consult.",
} as const satisfies PageCopy;
