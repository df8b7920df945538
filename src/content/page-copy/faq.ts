import type { PageCopy } from '../page-copy.ts';
import { claims, foundingOffer } from '../offer.ts';

export const faqCopy = {
  title: 'FAQ',
  description: `Answers on our packages, pricing, ${foundingOffer.open ? 'the founding rate, ' : ''}contracts, our local newsletter audience and how fast we start. Still unsure? Book a free consult.`,
  heading: 'Frequently asked questions',
  intro: `Everything you need to know about our packages, pricing and process. If your question isn't here, ask us and we'll reply within ${claims.reply}.`,
} as const satisfies PageCopy;
