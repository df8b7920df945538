export interface NavLink {
  readonly label: string;
  readonly to: string;
}

export const mainNav: readonly NavLink[] = [
  { label: 'Services', to: '/services' },
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'About', to: '/about' },
  { label: 'Blog', to: '/blog' },
  { label: 'FAQ', to: '/faq' },
];

export const quickLinks: readonly NavLink[] = [{ label: 'Home', to: '/' }, ...mainNav, { label: 'Book a Free Consult', to: '/start-project' }];

export const copyrightYear = 2025;
