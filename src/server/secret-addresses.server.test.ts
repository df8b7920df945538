import { describe, expect, test } from 'vitest';
import { isSecretAddress, withoutSecret } from './secret-addresses.server.ts';

const token = 'winter-menu.m3x9.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('withoutSecret', () => {
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
      expect(withoutSecret(url), url).toBe('/blog/preview/');
    }
  });

  test('keeps /newsletter/confirm/ or /newsletter/unsubscribe/ and nothing after it, however the link is written', () => {
    const secret = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    for (const [url, kept] of <Array<[string, string]>>[
      [`/newsletter/confirm/${secret}`, '/newsletter/confirm/'],
      [`/newsletter/confirm/${secret}?utm_source=email`, '/newsletter/confirm/'],
      [`/Newsletter/%63onfirm/${secret}`, '/newsletter/confirm/'],
      [`/newsletter//confirm/${secret}`, '/newsletter/confirm/'],
      [`/newsletter/unsubscribe/${secret}`, '/newsletter/unsubscribe/'],
      [`/newsletter/unsubscribe/${secret.replace(/a/g, '%61')}`, '/newsletter/unsubscribe/'],
      [`/newsletter\\unsubscribe\\${secret}`, '/newsletter/unsubscribe/'],
    ]) {
      expect(withoutSecret(url), url).toBe(kept);
    }
    expect(withoutSecret(`/?next=/newsletter/confirm/${secret}`)).toBe('/');
    expect(isSecretAddress(`/newsletter/unsubscribe/${secret}`)).toBe(true);
  });

  test('decides on the path alone: a query naming a preview link is dropped, never the path', () => {
    expect(withoutSecret(`/?next=/blog/preview/${token}`)).toBe('/');
    expect(withoutSecret('/api/enquiries?/preview')).toBe('/api/enquiries');
    expect(withoutSecret('/x/preview/y')).toBe('/x/preview/y');
  });

  test('leaves every other address as it is', () => {
    for (const url of [
      '/blog/winter-menu',
      '/blog/how-to-preview-your-site',
      '/blog/previews',
      '/services?plan=growth',
      '/blog?category=local-seo&page=2',
      '/newsletter',
      '/newsletter/confirmed',
      '/newsletter/check-your-inbox',
      '/%E0%A4%A',
      '/%',
    ]) {
      expect(withoutSecret(url), url).toBe(url);
    }
  });

  test('an escape nested any number of times is read as what it stands for', () => {
    let p = 'p';
    for (let depth = 0; depth < 8; depth += 1) p = encodeURIComponent(depth ? p : '%70');
    expect(withoutSecret(`/blog/${p}review/${token}`)).toBe('/blog/preview/');
  });
});
