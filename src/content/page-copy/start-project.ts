import type { PageCopy } from '../page-copy.ts';
import { claims } from '../offer.ts';

export const startProjectCopy = {
  title: 'Book a Free Consult',
  description:
    `Book a free ${claims.consult} consult with our Newcastle marketing studio. Tell us about your business and we'll reply within ${claims.reply} with next steps.`,
  heading: `Book your free ${claims.consult} consult`,
  intro:
    `Tell us a little about your business and what you want to achieve. We'll reply within ${claims.reply} to lock in your free ${claims.consult} consult.`,
} as const satisfies PageCopy;
