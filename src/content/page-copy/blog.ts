import type { PageCopy } from '../page-copy.ts';

export const blogCopy = {
  title: 'Blog',
  description:
    'Practical, plain-English marketing ideas for Newcastle business owners, from Google listings and social media to newsletters and seasonal promotions.',
  heading: 'Local marketing ideas',
  intro:
    'Practical, plain-English marketing ideas for local business owners, from Google listings and social media to newsletters and seasonal promotions.',
} as const satisfies PageCopy;

/**
 * The list's messages where it shows no posts: an unknown category or past its last page (404s, each with the
 * page's title), or a list that is empty.
 */
export const blogListMessages = {
  unknownCategory: {
    title: 'Category not found',
    heading: 'This category does not exist.',
    text: 'There is no category of articles by that name.',
    link: 'View all posts',
  },
  pastLastPage: {
    title: 'Page not found',
    heading: 'This page does not exist.',
    text: 'The list of articles has fewer pages than that.',
    link: 'Go to the first page',
  },
  emptyBlog: { heading: 'No blog posts yet.', text: 'We’re writing our first articles now. Check back soon.' },
  emptyCategory: {
    heading: 'No posts found in this category.',
    text: 'There are no articles here yet. Have a look at everything else we’ve written.',
    link: 'View all posts',
  },
} as const;
