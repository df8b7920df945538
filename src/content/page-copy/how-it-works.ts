import type { PageCopy } from '../page-copy.ts';
import { claims } from '../offer.ts';

export const howItWorksCopy = {
  title: 'How It Works',
  description: `From a free ${claims.consult} consult and a ${claims.strategyCall} strategy call to work that starts within ${claims.start} and clear reporting, see how we help local businesses grow.`,
  heading: 'How it works',
  intro: `Four simple steps take you from a free consult to marketing that runs, with work starting within ${claims.start} of you confirming your package.`,
} as const satisfies PageCopy;
