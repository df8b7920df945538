import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import { createTestApp } from '../../test-support/server.ts';
import { renderMarkdown } from './markdown.server.ts';

// No hyphenated word ("15-minute", "3-month", "add-ons", "clean-up") breaks after its hyphen: wherever a page shows
// one, it stands in a span that does not wrap (the text reads and copies as written). The browser's measure of the
// same, at 375 and 1280 px, is in e2e/consult-path.spec.ts.
const phrases = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/u;
const pages = ['/', '/services', '/how-it-works', '/about', '/faq', '/start-project', '/thank-you', '/privacy'];

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: { BOOKING_URL: 'https://cal.com/studio/consult' } });
}, 60_000);
afterAll(() => testApp.close());

/** Each shown text that holds one of the phrases without being exactly that phrase inside a span that does not wrap. */
function phrasesThatCanBreak(html: string): string[] {
  const body = (/<body[\s\S]*<\/body>/.exec(html)?.[0] ?? '').replace(/<script[\s\S]*?<\/script>/g, '');
  const found: string[] = [];
  for (const [, openingTag, text] of body.matchAll(/(<[^>]*>)([^<]+)/g)) {
    if (!text || !phrases.test(text)) continue;
    const kept = /class="whitespace-nowrap"/.test(openingTag ?? '') && phrases.exec(text)?.[0] === text;
    if (!kept) found.push(text.trim());
  }
  return found;
}

test.each(pages)('%s shows every hyphenated word on one line', async (path) => {
  const { text: html } = await request(testApp.app).get(path).expect(200);
  expect(phrasesThatCanBreak(html)).toEqual([]);
});

test('a post keeps them on one line too', async () => {
  const html = renderMarkdown('Book a 15-minute chat, then pick your add-ons & go.');
  expect(html).toContain('a <span class="whitespace-nowrap">15-minute</span> chat');
  expect(html).toContain('your <span class="whitespace-nowrap">add-ons</span> &amp; go.');
});

test('a word longer than a phone’s line may still break, so that it never pushes the page sideways', () => {
  const long = 'very-long-path-segment-very-long-path-segment';
  const html = renderMarkdown(`A ${long} and a clean-up.`);
  expect(html).toContain(`A ${long} and`);
  expect(html).toContain('a <span class="whitespace-nowrap">clean-up</span>.');
});

test('the span sits in one element with the rest of its text, so a flex row beside an icon shows it as one line', async () => {
  const { text: html } = await request(testApp.app).get('/').expect(200);
  expect(html).toContain('<span>Free <span class="whitespace-nowrap">15-minute</span> consult</span>');
});
