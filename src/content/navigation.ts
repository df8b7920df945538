import { newsletterLinkLabels } from './newsletter.ts';

/** A path on this site, for a Link; links elsewhere are plain `<a>` elements. */
export type SitePath = `/${string}`;

export interface NavLink {
  readonly label: string;
  readonly to: SitePath;
}

export const mainNav: readonly NavLink[] = [
  { label: 'Services', to: '/services' },
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'About', to: '/about' },
  { label: 'Blog', to: '/blog' },
  { label: 'FAQ', to: '/faq' },
];

export const quickLinks: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  ...mainNav,
  { label: newsletterLinkLabels.footer, to: '/newsletter' },
  { label: 'Book a Free Consult', to: '/start-project' },
];

export const copyrightYear = 2025;

/** The main call to action's exact label. */
export const bookConsultLabel = 'Book Free Consult';

/** What the progress bar is called while a link's page loads. */
export const pageLoadingLabel = 'Loading the page';

export const mobileBar = {
  label: 'Book a free consult',
} as const;

/** Before the studio's phone number on a call button: "Call (02) 4929 7150". */
export const callLabel = 'Call';
