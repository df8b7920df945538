import { expect, test } from 'vitest';
import { escapeHtml } from './escape-html.server.ts';

test('escapeHtml escapes the characters that can end text or a double-quoted attribute, and nothing else', () => {
  expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry's&lt;/a&gt;");
  expect(escapeHtml('Café “quotes” – 100%')).toBe('Café “quotes” – 100%');
  expect(escapeHtml('&amp;')).toBe('&amp;amp;');
});
