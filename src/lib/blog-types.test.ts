import { describe, expect, test } from 'vitest';
import { postModifiedAt } from './blog-types.ts';

describe('postModifiedAt', () => {
  test('is the later instant, whatever offsets the two times are written with', () => {
    // 07:00 in Newcastle on 5 March is 20:00 UTC on 4 March: the store entry an hour later is newer.
    const post = { publishedAt: '2025-03-05T07:00:00+11:00', createdAt: '2025-03-04T21:00:00.000Z' };
    expect(postModifiedAt(post)).toBe('2025-03-04T21:00:00.000Z');
    expect(postModifiedAt({ ...post, createdAt: '2025-03-04T19:00:00.000Z' })).toBe('2025-03-05T07:00:00+11:00');
  });
});
