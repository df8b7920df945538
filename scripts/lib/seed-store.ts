import { readFileSync } from 'node:fs';
import type { StoreData } from '../../src/server/store-schema.ts';

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
