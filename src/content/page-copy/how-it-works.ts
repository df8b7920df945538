import type { PageCopy } from '../page-copy.ts';

export const howItWorksCopy = {
  title: 'How It Works',
  description:
    'From a free 15-minute consult and a 30-minute strategy call to work that starts within 48 hours and clear reporting, see how we help local businesses grow.',
  heading: 'How it works',
  intro:
    'Four simple steps take you from a free consult to marketing that runs, with work starting within 48 hours of you confirming your package.',
} as const satisfies PageCopy;
