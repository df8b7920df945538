import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, readPage } from '../../test-support/server.ts';
import { bookTime } from '../content/booking.ts';
import { consultSection } from '../content/sections.ts';

// A studio that has named who takes the consults and added two testimonials (test-support/studio-people.ts).
vi.mock('../content/team.ts', async () => ({
  team: (await import('../../test-support/studio-people.ts')).teamWithHost,
}));
vi.mock('../content/testimonials.ts', async () => ({
  testimonials: (await import('../../test-support/studio-people.ts')).twoTestimonials,
}));

const bookingUrl = 'https://cal.com/newcastle-studio/free-consult';
const consultPages = ['/', '/services', '/how-it-works', '/about', '/faq', '/start-project'];

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: { BOOKING_URL: bookingUrl } });
  // The first page compiles the page modules: longer than a test's own time on a busy machine.
  await readPage(testApp.app, '/');
}, 60_000);
afterAll(() => testApp.close());

const consultSectionOf = (html: string) => /<section id="consult"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
/** Where a piece of markup starts in the consult section, failing loudly when it is not there. */
function at(section: string, marker: string | RegExp): number {
  const index = typeof marker === 'string' ? section.indexOf(marker) : section.search(marker);
  expect(index, `${String(marker)} in the consult section`).toBeGreaterThanOrEqual(0);
  return index;
}

describe('with someone who takes the consults, two testimonials and BOOKING_URL', () => {
  test.each(consultPages)(
    '%s: the offer of a time, a client’s words and who the visitor will talk to come before the first field',
    async (path) => {
      const section = consultSectionOf((await readPage(testApp.app, path)).html);
      const firstField = at(section, 'id="enquiry-firstname"');
      expect(section).toContain('You&#x27;ll talk to Jane Doe, Founder and strategist');
      expect(at(section, 'data-testid="consult-host"')).toBeLessThan(firstField);
      // Initials stand in for a photo the studio has not given.
      expect(section).toMatch(/data-testid="consult-host"><span aria-hidden="true"[^>]*>JD<\/span>/);
      expect(at(section, '<figure')).toBeLessThan(firstField);
      expect(section).toContain('Tom Walsh');
      const offer = at(section, `href="${bookingUrl}"`);
      expect(offer).toBeLessThan(firstField);
      expect(section.slice(offer)).toMatch(
        new RegExp(
          `^href="${bookingUrl}"[^>]*data-cta="${path === '/start-project' ? bookTime.upFrontCta : bookTime.upFrontSectionCta}"`,
        ),
      );
      expect(section).toContain(bookTime.upFront);
    },
  );

  test.each(consultPages)('%s: the intro says a time can be chosen straight after sending', async (path) => {
    const { text } = await readPage(testApp.app, path);
    expect(text).toContain(
      path === '/start-project' ? 'choose a time straight after sending' : consultSection.introWithBooking,
    );
    expect(text).not.toContain('to lock in a time');
  });

  test('/about leads with the team, whoever takes the consults first, titled "Meet the team"', async () => {
    const { html } = await readPage(testApp.app, '/about');
    const main = html.slice(html.indexOf('<main'));
    const sections = [...main.matchAll(/<section[^>]*aria-labelledby="([^"]+)"/g)].map((match) => match[1]);
    // The hero is the page's header; the first section after it is the team.
    expect(sections[0]).toBe('team-heading');
    expect(main).toMatch(/id="team-heading"[^>]*>Meet the team</);
    const names = [...main.matchAll(/<h3 class="text-xl font-bold text-ink">([^<]+)<\/h3>/g)].map((match) => match[1]);
    expect(names).toEqual(['Jane Doe', 'Sarah Mitchell', 'James Nguyen']);
  });

  test('/blog shows no team of its own then, and a writer’s byline leads to their entry on /about', async () => {
    const { html } = await readPage(testApp.app, '/blog');
    expect(html).not.toContain('id="team-heading"');
    const post = await readPage(testApp.app, '/blog/post-1');
    expect(post.html).not.toContain('/blog#team-');
  });

  test('the home page shows a client’s words in the hero, under its buttons, before the comparison of the packages', async () => {
    const { html } = await readPage(testApp.app, '/');
    const buttons = html.indexOf('data-cta="hero-compare-plans"');
    const quote = html.indexOf('<figure');
    expect(buttons).toBeGreaterThan(html.indexOf('id="home-hero-heading"'));
    expect(quote).toBeGreaterThan(buttons);
    expect(quote).toBeLessThan(html.indexOf('id="comparison-heading"'));
    expect(html.slice(quote, html.indexOf('</figure>', quote))).toContain('Tom Walsh');
  });

  test('/thank-you says the one sentence the form’s success message says', async () => {
    const { text } = await readPage(testApp.app, '/thank-you');
    expect(text).toContain(bookTime.lead);
    expect(text).toContain('Pick a time for your free 15-minute consult with the link above');
    expect(text).not.toContain('We book your free 15-minute consult at a time that suits you');
  });

  test('two testimonials beside the packages stand centred in their row, not at the left of a row of three', async () => {
    const { html } = await readPage(testApp.app, '/services');
    const list = /<section id="services"[\s\S]*?(<ul class="([^"]*)">\s*<li[^>]*>\s*<figure)/.exec(html);
    expect(list?.[2]?.split(' ')).toEqual(expect.arrayContaining(['flex', 'flex-wrap', 'justify-center']));
  });

  test('the scheduling page changes no security policy: the CSP is the one a site without BOOKING_URL sends', async () => {
    const without = await createTestApp();
    try {
      for (const path of ['/', '/start-project', '/thank-you']) {
        const withBooking = (await request(testApp.app).get(path)).headers['content-security-policy'];
        const plain = (await request(without.app).get(path)).headers['content-security-policy'];
        expect(withBooking, path).toBeTruthy();
        expect(withBooking, path).toBe(plain);
      }
    } finally {
      without.close();
    }
  });
});
