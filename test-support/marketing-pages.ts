/**
 * The marketing pages as a visitor reads them: each one's h1 and the h2 of each of its sections. The server's HTML
 * is checked against it in Vitest, and the page once its scripts have run in the browser.
 */
export const marketingPages = [
  {
    path: '/',
    h1: 'Fixed-price marketing that brings Newcastle locals to your door',
    sections: [
      'The local media advantage',
      'A local audience that actually reads',
      'Industries we serve',
      'Fixed-price packages, no surprises',
      'Add more when you need it',
      'From free consult to local results in four steps',
      'Questions, answered',
      'Book your free consult',
    ],
  },
  {
    path: '/services',
    h1: 'Fixed-price marketing packages',
    sections: ['Fixed-price packages, no surprises', 'Add more when you need it', 'Book your free consult'],
  },
  {
    path: '/how-it-works',
    h1: 'How it works',
    sections: ['From free consult to local results in four steps', 'Questions, answered', 'Book your free consult'],
  },
  {
    path: '/about',
    h1: 'A Newcastle studio for Newcastle businesses',
    sections: ['Our story', 'Three reasons local businesses choose us', 'Book your free consult'],
  },
  { path: '/faq', h1: 'Frequently asked questions', sections: ['Book your free consult'] },
  {
    path: '/start-project',
    h1: 'Book your free 15-minute consult',
    sections: ['Tell us about your business', 'Questions, answered'],
  },
] as const;
