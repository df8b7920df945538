import { describe, expect, test } from 'vitest';
import { parseConfig } from '../server/config.server.ts';
import type { Post } from './blog-types.ts';
import { blogPostingSchema } from './blog-structured-data.ts';

const config = parseConfig({ SITE_URL: 'https://studio.example' }).public;

const post = (username: string): Post => ({
  id: 1,
  slug: 'google-business-profile-newcastle',
  title: 'Google Business Profile',
  summary: 'Set it up.',
  content: 'Body.',
  featuredImage: '/images/blog/google-business-profile.webp',
  html: '<p>Body.</p>',
  category: { id: 1, name: 'Local SEO', slug: 'local-seo' },
  plan: 'visibility-boost',
  author: { username },
  publishedAt: '2025-03-05T09:00:00.000Z',
  createdAt: '2025-03-01T09:00:00.000Z',
});

describe('BlogPosting names its author as the byline does', () => {
  test('a writer is a Person by display name, not username', () => {
    expect(blogPostingSchema(post('sarah-mitchell'), config).author).toEqual({
      '@type': 'Person',
      name: 'Sarah Mitchell',
    });
  });

  test('the studio writing as itself ("Studio Team") is an Organization', () => {
    expect(blogPostingSchema(post('studio-team'), config).author).toEqual({
      '@type': 'Organization',
      name: 'Studio Team',
    });
  });
});
