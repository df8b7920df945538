import type { PageCopy } from '../page-copy.ts';

export const faqCopy = {
  title: 'FAQ',
  description:
    'Answers on our packages, pricing, the founding rate, contracts, our local newsletter audience and how fast we start. Still unsure? Book a free consult.',
  heading: 'Frequently asked questions',
  intro:
    "Everything you need to know about our packages, pricing and process. If your question isn't here, ask us and we'll reply within 1 business day.",
} as const satisfies PageCopy;
