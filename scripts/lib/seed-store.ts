import { readFileSync } from 'node:fs';
import type { StoreData } from '../../src/lib/store-schema.ts';

/** The seeded store grown to `count` posts (copies with new slugs and dates), for the scale benchmark. */
export function largeStore(count: number, seedFile = 'data/db.json'): StoreData {
  const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as StoreData;
  const start = Date.parse('2020-01-01T00:00:00.000Z');
  const posts = Array.from({ length: count }, (_, index) => {
    const base = seed.posts[index % seed.posts.length]!;
    const publishedAt = new Date(start + index * 3_600_000).toISOString();
    return { ...base, id: index + 1, slug: `${base.slug}-${index + 1}`, publishedAt, createdAt: publishedAt };
  });
  return { categories: seed.categories, posts };
}

/**
 * The seeded store with one more post, the newest, whose markdown is as long as the schema allows: the seeded
 * posts' bodies (headings, lists, links, emphasis) repeated up to the limit. The worst case one request can ask of
 * the renderer.
 */
export function largestPostStore(maxLength: number, seedFile = 'data/db.json'): { store: StoreData; slug: string } {
  const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as StoreData;
  const bodies = seed.posts.map((post) => post.content).join('\n\n');
  const content = bodies.repeat(Math.ceil(maxLength / bodies.length)).slice(0, maxLength);
  const base = seed.posts[0]!;
  const slug = 'the-longest-post-allowed';
  const post = {
    ...base,
    id: Math.max(...seed.posts.map((p) => p.id)) + 1,
    slug,
    title: 'The longest post allowed',
    content,
    publishedAt: '2025-12-31T09:00:00.000Z',
  };
  return { store: { categories: seed.categories, posts: [...seed.posts, post] }, slug };
}
