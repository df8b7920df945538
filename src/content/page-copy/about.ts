import type { PageCopy } from '../page-copy.ts';
import { claims } from '../offer.ts';

export const aboutCopy = {
  title: 'About',
  description: `We are a small Newcastle marketing studio offering fixed-price packages and a local newsletter with ${claims.subscribers} subscribers and an open rate of about ${claims.openRate}.`,
  heading: 'A Newcastle studio for Newcastle businesses',
  intro:
    'We help local business owners get found, get chosen and get busy, with fixed prices and a built-in local audience behind every package.',
} as const satisfies PageCopy;
