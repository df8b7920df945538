import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, readPage } from '../../test-support/server.ts';
import { bookTime } from '../content/booking.ts';

// The consult page and the form's notice as the server writes them, with nothing configured and with everything:
// the notice names only the channels set, the consult page's promise carries the choice to book, its chosen package
// line holds every package with its price, and nothing on it links back to it.

const bookingUrl = 'https://cal.com/newcastle-studio/free-consult';
const everything = {
  SMTP_URL: 'smtp://studio:secret@mail.studio.example:587',
  HUBSPOT_PORTAL_ID: '12345678',
  HUBSPOT_FORM_ID: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
  BOOKING_URL: bookingUrl,
};

let bare: Awaited<ReturnType<typeof createTestApp>>;
let configured: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  [bare, configured] = await Promise.all([createTestApp(), createTestApp({ env: everything })]);
  // The first page compiles the page modules: longer than a test's own time on a busy machine.
  await readPage(bare.app, '/');
}, 60_000);
afterAll(() => {
  bare.close();
  configured.close();
});

/** Inline markup's text as read: tags gone without a space (a word kept on one line is in a span of its own). */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The form's notice: the paragraph under it that links to /privacy. */
function noticeOf(html: string): string {
  const notice = /<p[^>]*data-testid="enquiry-notice"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  expect(notice, 'the form’s notice').not.toBeNull();
  expect(notice![1]).toMatch(/<a href="\/privacy"/);
  return textOf(notice![1]!);
}

describe('the form’s notice', () => {
  test('with nothing configured, names the server alone', async () => {
    const notice = noticeOf((await readPage(bare.app, '/start-project')).html);
    expect(notice).toBe('Used only to reply: stored here. How we handle your details.');
  });

  test('names email with SMTP_URL, HubSpot with its ids and the booking service with BOOKING_URL', async () => {
    const notice = noticeOf((await readPage(configured.app, '/start-project')).html);
    expect(notice).toBe(
      'Used only to reply: stored here, emailed to us, sent to HubSpot, booking on Cal.com. How we handle your details.',
    );
  });
});

describe('the consult page', () => {
  test('with BOOKING_URL its promise carries the choice to book, before the first field', async () => {
    const { html } = await readPage(configured.app, '/start-project');
    const promise = /<p[^>]*>We(?:&#x27;|')ll reply within[\s\S]*?<\/p>/.exec(html)?.[0] ?? '';
    expect(textOf(promise)).toBe(
      "We'll reply within 1 business day, or you can choose a time straight after sending. Prefer to pick a time now?",
    );
    expect(promise).toMatch(new RegExp(`<a href="${bookingUrl}"[^>]*data-cta="${bookTime.upFrontCta}"`));
    expect(html.indexOf(promise)).toBeLessThan(html.indexOf('id="enquiry-firstname"'));
    // One offer up front: the section's own stands on the other pages.
    expect(
      html.match(new RegExp(`data-cta="${bookTime.upFrontCta}"|data-cta="${bookTime.upFrontSectionCta}"`, 'g')),
    ).toHaveLength(1);
  });

  test('"You’ve chosen" holds every package with its price at every width, showing the one chosen', async () => {
    const { html } = await readPage(bare.app, '/start-project?plan=growth');
    const line = /<p[^>]*data-testid="chosen-plan"[\s\S]*?<\/p>/.exec(html)?.[0] ?? '';
    expect(line).not.toMatch(/^<p[^>]*hidden/);
    const shown = [...line.matchAll(/<span data-chosen-plan="([^"]+)"(?! hidden)[^>]*>([\s\S]*?)<\/span><\/span>/g)];
    expect(shown.map(([, id, text]) => [id, textOf(text!)])).toEqual([
      ['growth', "You've chosen: Growth Partner · $997 per month inc. GST"],
    ]);
    expect(line.match(/data-chosen-plan="[^"]+"/g)).toHaveLength(6);
    // No class hides the price below a width.
    expect(line).not.toMatch(/hidden sm:inline/);
  });

  test('without a package chosen the line is there for the form to show, hidden', async () => {
    const { html } = await readPage(bare.app, '/start-project');
    expect(html).toMatch(
      /<p[^>]*hidden=""[^>]*data-testid="chosen-plan"|<p[^>]*data-testid="chosen-plan"[^>]*hidden=""/,
    );
  });

  test('its footer does not call the visitor to the page they are on; other pages’ footers do', async () => {
    const footerOf = (html: string) => html.slice(html.indexOf('<footer'));
    expect(footerOf((await readPage(bare.app, '/start-project')).html)).not.toContain('footer-book-free-consult');
    expect(footerOf((await readPage(bare.app, '/services')).html)).toContain('data-cta="footer-book-free-consult"');
  });
});

test('/about states its price range in words that are true and read as a sentence', async () => {
  const text = textOf((await readPage(bare.app, '/about')).html);
  expect(text).not.toContain('inc. GST to');
  expect(text).toContain(
    "Packages start at $750 once-off, and ongoing monthly work is $997 per month (prices inc. GST). You know the price and what's included before we start.",
  );
});
