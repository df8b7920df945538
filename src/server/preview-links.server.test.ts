import { describe, expect, test } from 'vitest';
import { newPreviewKey, previewLinks } from './preview-links.server.ts';

describe('previewLinks', () => {
  const links = previewLinks(Buffer.alloc(32, 1));
  const key = newPreviewKey();

  test('a link verifies only against the key of the post it was made for', () => {
    const { token: issued } = links.issue({ slug: 'winter-menu', previewKey: key }, 7);
    expect(links.verify(issued, () => key)).toEqual({ slug: 'winter-menu', expired: false });
    expect(links.verify(issued, () => newPreviewKey())).toBeUndefined();
    expect(links.verify(issued, () => undefined)).toBeUndefined();
    expect(previewLinks(Buffer.alloc(32, 2)).verify(issued, () => key)).toBeUndefined();
  });

  test('each post gets a key of its own', () => {
    expect(new Set(Array.from({ length: 100 }, newPreviewKey)).size).toBe(100);
    expect(newPreviewKey()).toMatch(/^[\w-]{22}$/);
  });
});
