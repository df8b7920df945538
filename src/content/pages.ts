import { hero } from './home.ts';

export interface PageCopy {
  /** Short page title used in <title>. */
  readonly title: string;
  /** Meta description, 140–160 characters. */
  readonly description: string;
  /** The page's h1. */
  readonly heading: string;
  /** Hero paragraph under the h1. */
  readonly intro: string;
}

export type PageKey =
  | 'home'
  | 'services'
  | 'howItWorks'
  | 'about'
  | 'faq'
  | 'startProject'
  | 'blog';

export const pageCopy = {
  home: {
    title: 'Local Marketing Packages in Newcastle',
    description:
      'Fixed-price marketing packages for Newcastle businesses, with access to our 5,000+ subscriber local newsletter. Book a free 15-minute consult today.',
    heading: hero.title,
    intro: hero.subtitle,
  },
  services: {
    title: 'Services',
    description:
      'Compare our fixed-price local marketing packages: Visibility Boost $750, Local Launch Pack $1,500 founding rate and Growth Partner $997 per month.',
    heading: 'Fixed-price marketing packages',
    intro:
      'Choose a once-off package or an ongoing partnership, then add paid ads, extra content or advanced SEO when you need them. Every price is clear before we start.',
  },
  howItWorks: {
    title: 'How It Works',
    description:
      'From a free 15-minute consult and a 30-minute strategy call to work that starts within 48 hours and clear reporting, see how we help local businesses grow.',
    heading: 'How it works',
    intro:
      'Four simple steps take you from a free consult to marketing that runs, with work starting within 48 hours of you confirming your package.',
  },
  about: {
    title: 'About',
    description:
      'We are a small Newcastle marketing studio offering fixed-price packages and a local newsletter with 5,000+ subscribers and an open rate of about 61%.',
    heading: 'A Newcastle studio for Newcastle businesses',
    intro:
      'We help local business owners get found, get chosen and get busy, with fixed prices and a built-in local audience behind every package.',
  },
  faq: {
    title: 'FAQ',
    description:
      'Answers on our packages, pricing, the founding rate, contracts, our local newsletter audience and how fast we start. Still unsure? Book a free consult.',
    heading: 'Frequently asked questions',
    intro:
      "Everything you need to know about our packages, pricing and process. If your question isn't here, ask us and we'll reply within 1 business day.",
  },
  startProject: {
    title: 'Book a Free Consult',
    description:
      "Book a free 15-minute consult with our Newcastle marketing studio. Tell us about your business and we'll reply within 1 business day with next steps.",
    heading: 'Book your free 15-minute consult',
    intro:
      "Tell us a little about your business and what you want to achieve. We'll reply within 1 business day to lock in your free 15-minute consult.",
  },
  blog: {
    title: 'Blog',
    description:
      'Practical, plain-English marketing ideas for Newcastle business owners, from Google listings and social media to newsletters and seasonal promotions.',
    heading: 'Local marketing ideas',
    intro:
      'Practical, plain-English marketing ideas for local business owners, from Google listings and social media to newsletters and seasonal promotions.',
  },
} as const satisfies Record<PageKey, PageCopy>;
