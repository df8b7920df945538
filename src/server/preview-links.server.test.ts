import { describe, expect, test } from 'vitest';
import { newPreviewKey, previewLinks, withoutPreviewToken } from './preview-links.server.ts';

const token = 'winter-menu.m3x9.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('withoutPreviewToken', () => {
  test('keeps /blog/preview/ and nothing after it, however the link is written', () => {
    for (const url of [
      `/blog/preview/${token}`,
      `/blog/preview/${token}?x=1#top`,
      `/blog/preview/${token.replace(/\./g, '%2E')}`,
      `/blog/preview/${token.replace(/\./g, '%252e')}`,
      `/blog/preview/%77${token.slice(1)}`,
      `/blog%2Fpreview%2F${token}`,
      `/%62log/%70review/${token}`,
      `/%25%36%32log/preview/${token}`,
      `/BLOG/PREVIEW/${token}/`,
      `/blog//preview/${token}`,
      `/blog/./preview/${token}`,
      `/blog\\preview\\${token}`,
    ]) {
      expect(withoutPreviewToken(url), url).toBe('/blog/preview/');
    }
  });

  test('decides on the path alone: a query naming a preview link is dropped, never the path', () => {
    expect(withoutPreviewToken(`/?next=/blog/preview/${token}`)).toBe('/');
    expect(withoutPreviewToken('/api/enquiries?/preview')).toBe('/api/enquiries');
    expect(withoutPreviewToken('/x/preview/y')).toBe('/x/preview/y');
  });

  test('leaves every other address as it is', () => {
    for (const url of [
      '/blog/winter-menu',
      '/blog/how-to-preview-your-site',
      '/blog/previews',
      '/services?plan=growth',
      '/blog?category=local-seo&page=2',
      '/%E0%A4%A',
      '/%',
    ]) {
      expect(withoutPreviewToken(url), url).toBe(url);
    }
  });

  test('an escape nested any number of times is read as what it stands for', () => {
    let p = 'p';
    for (let depth = 0; depth < 8; depth += 1) p = encodeURIComponent(depth ? p : '%70');
    expect(withoutPreviewToken(`/blog/${p}review/${token}`)).toBe('/blog/preview/');
  });
});

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
