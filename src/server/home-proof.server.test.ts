import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createTestApp, readPage } from '../../test-support/server.ts';

// A studio with no testimonial yet whose consult host has a photo: the home hero shows who the visitor will talk to.
vi.mock('../content/team.ts', async () => {
  const { consultHost } = await import('../../test-support/studio-people.ts');
  return { team: [{ ...consultHost, photo: '/images/blog/cafe-counter-signup.webp' }] };
});
vi.mock('../content/testimonials.ts', () => ({ testimonials: [] }));

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
}, 60_000);
afterAll(() => testApp.close());

test('without testimonials, the home hero shows the consult host with their photo under its buttons', async () => {
  const { html } = await readPage(testApp.app, '/');
  const buttons = html.indexOf('data-cta="hero-compare-plans"');
  const host = html.indexOf('data-testid="home-consult-host"');
  expect(host).toBeGreaterThan(buttons);
  expect(host).toBeLessThan(html.indexOf('id="comparison-heading"'));
  const line = html.slice(host, html.indexOf('</p>', host));
  expect(line).toContain('<img');
  expect(line).toContain('You&#x27;ll talk to Jane Doe, Founder and strategist');
});
