import { expect, test } from 'vitest';
import { withoutPreviewToken } from './preview-links.server.ts';

test('logs keep the slug of a preview link, never its token', () => {
  expect(withoutPreviewToken('/blog/preview/winter-menu.m3x9.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG?x=1')).toBe(
    '/blog/preview/winter-menu.(token)?x=1',
  );
  expect(withoutPreviewToken('/blog/winter-menu')).toBe('/blog/winter-menu');
  expect(withoutPreviewToken('/services?plan=growth')).toBe('/services?plan=growth');
});
