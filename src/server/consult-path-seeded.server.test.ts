import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { figures } from '../../test-support/html.ts';
import { createTestApp, readPage } from '../../test-support/server.ts';
import { bookTime } from '../content/booking.ts';
import { packages } from '../content/packages.ts';
import { consultSection } from '../content/sections.ts';

// The seeded content: the blog's two writers as the team, nobody named for the consults, no testimonial, no
// BOOKING_URL. Its twin, consult-path.server.test.ts, fills them in.

const consultPages = ['/', '/services', '/how-it-works', '/about', '/faq', '/start-project'];

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: { CONTACT_PHONE: '02 4000 1234', CONTACT_EMAIL: 'hi@studio.example' } });
  // The first page compiles the page modules: longer than a test's own time on a busy machine.
  await readPage(testApp.app, '/');
}, 60_000);
afterAll(() => testApp.close());

const consultSectionOf = (html: string) => /<section id="consult"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

describe('with the seeded content', () => {
  test.each(consultPages)('%s: no person line, no client’s words and no offer of a time', async (path) => {
    const section = consultSectionOf((await readPage(testApp.app, path)).html);
    expect(section).toContain('id="enquiry-firstname"');
    expect(section).not.toContain('talk to');
    expect(section).not.toContain('<figure');
    expect(section).not.toContain(bookTime.upFront);
  });

  test.each(consultPages)(
    '%s: "Prefer to talk?" with the call and email links stands above the privacy text',
    async (path) => {
      const section = consultSectionOf((await readPage(testApp.app, path)).html);
      const lead = section.indexOf(`>${consultSection.contactLead}<`);
      expect(lead).toBeGreaterThan(section.indexOf('data-cta="enquiry-form-submit"'));
      expect(section.indexOf('href="tel:+61240001234"', lead)).toBeGreaterThan(lead);
      expect(section.indexOf('href="mailto:hi@studio.example"', lead)).toBeGreaterThan(lead);
      expect(section.indexOf('Used only to reply:')).toBeGreaterThan(section.indexOf('mailto:', lead));
    },
  );

  test('the home page has no client’s words under the hero', async () => {
    expect(figures((await readPage(testApp.app, '/')).html)).toEqual([]);
  });

  test('every page’s header carries the phone number as a call button, and the phone menu starts with it', async () => {
    for (const path of ['/', '/start-project', '/blog']) {
      const { html } = await readPage(testApp.app, path);
      const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
      expect(header).toMatch(/<a href="tel:\+61240001234"[^>]*data-cta="header-call"/);
      expect(header).toMatch(/data-cta="header-call">[\s\S]*?Call(<!-- -->)? <\/span>02 4000 1234<\/span><\/a>/);
      const menu = /<nav id="mobile-menu"[\s\S]*?<\/nav>/.exec(header)?.[0] ?? '';
      expect(menu).toMatch(/^<nav[^>]*><ul[^>]*><li><a href="tel:\+61240001234"/);
      expect(menu.replace(/<!-- -->/g, '')).toContain('Call 02 4000 1234</a>');
    }
  });

  test('the writers are "Who writes our guides" on /blog, not "Meet the team" on /about; bylines lead there', async () => {
    const blog = await readPage(testApp.app, '/blog');
    expect(blog.html).toMatch(/id="team-heading"[^>]*>Who writes our guides</);
    expect(blog.html).toContain('id="team-sarah-mitchell"');
    const about = await readPage(testApp.app, '/about');
    expect(about.html).not.toContain('id="team-heading"');
    expect(about.text).not.toContain('Meet the team');
    const post = await readPage(testApp.app, '/blog/post-1');
    // The test store's posts are the studio's own (no one writer's); the byline's link is checked end to end.
    expect(post.html).not.toContain('/about#team-');
  });

  test('under the home hero, the three packages side by side: price with GST, timeline, who for, and a link with the plan', async () => {
    const { html, text } = await readPage(testApp.app, '/');
    const comparison =
      /<section id="compare" aria-labelledby="comparison-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(html.indexOf('aria-labelledby="comparison-heading"')).toBeGreaterThan(
      html.indexOf('id="home-hero-heading"'),
    );
    expect(html.indexOf('aria-labelledby="comparison-heading"')).toBeLessThan(
      html.indexOf('aria-labelledby="advantage-heading"'),
    );
    for (const plan of packages) {
      const link = new RegExp(`<a[^>]*data-cta="compare-${plan.planId}"[^>]*>${plan.ctaLabel}`).exec(comparison)?.[0];
      expect(link).toContain(`href="/start-project?plan=${plan.planId}"`);
      expect(comparison).toContain(plan.timeline);
      expect(comparison).toContain(plan.audience);
    }
    expect(text).toContain('$750 once-off inc. GST Delivered in 2 weeks');
    expect(text).toContain('$1,500 founding rate inc. GST Delivered in 4 weeks');
    expect(text).toContain('$997 per month inc. GST, 3-month minimum Results over 3–6 months');
  });

  test('a package card shows its first three features and the rest behind a disclosure', async () => {
    const { html } = await readPage(testApp.app, '/services');
    const boost = /<article[^>]*data-plan="visibility-boost"[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';
    const [shown, hidden] = boost.split('<details');
    expect(shown?.match(/class="check-item/g)).toHaveLength(3);
    expect(hidden).toMatch(/^[^>]*><summary[^>]*>Show 3 more inclusions<\/summary>/);
    expect(hidden?.match(/class="check-item/g)).toHaveLength(3);
  });

  test('"Founding offer:" introduces its sentence without repeating itself', async () => {
    const { text } = await readPage(testApp.app, '/');
    expect(text).not.toMatch(/Founding offer: Founding/);
    expect(text.match(/Founding offer: Our first 10 clients get the Local Launch Pack/g)).toHaveLength(2);
  });

  test('the step cards keep "15-minute" on one line', async () => {
    const { html } = await readPage(testApp.app, '/how-it-works');
    expect(html).toContain('Book your free <span class="whitespace-nowrap">15-minute</span> consult</span></h3>');
  });

  test('without BOOKING_URL, the consult sections promise the reply, and the thank-you page its steps', async () => {
    expect((await readPage(testApp.app, '/faq')).text).toContain(consultSection.intro);
    const thanks = await readPage(testApp.app, '/thank-you');
    expect(thanks.text).toContain("We'll reply within 1 business day to book your free 15-minute consult.");
    expect(thanks.text).not.toContain(bookTime.lead);
  });
});
