import { describe, expect, test } from 'vitest';
import { attributionAfterLanding, attributionWithCta, enquiryAttribution, landingAddress } from './attribution.ts';

const site = 'https://www.studio.example';
const day = 24 * 60 * 60 * 1000;
const start = Date.UTC(2026, 2, 1);

const newsletter = `${site}/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch`;
const newsletterTouch = {
  landingPath: '/',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring-launch',
};

/** A sequence of page loads, each `[url, referrer, at]`, from nothing stored; returns the stored text. */
function landings(...loads: [url: string, referrer: string, at: number][]): string | null {
  let stored: string | null = null;
  for (const [url, referrer, at] of loads) stored = JSON.stringify(attributionAfterLanding(stored, url, referrer, at));
  return stored;
}

describe('a landing', () => {
  test('keeps the path without the query, the five UTM values, and another site’s host', () => {
    const url = `${site}/services?utm_source=google&utm_medium=cpc&utm_campaign=autumn&utm_term=cafe+marketing&utm_content=ad-2&plan=growth#services`;
    expect(attributionAfterLanding(null, url, 'https://www.google.com/search?q=secret', start)).toEqual({
      firstAt: start,
      first: {
        landingPath: '/services',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'autumn',
        utm_term: 'cafe marketing',
        utm_content: 'ad-2',
        referrer: 'www.google.com',
      },
      last: {
        landingPath: '/services',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'autumn',
        utm_term: 'cafe marketing',
        utm_content: 'ad-2',
        referrer: 'www.google.com',
      },
    });
  });

  test('keeps the names of the click ids it carries, never their values', () => {
    const url = `${site}/about?gclid=SECRET1&msclkid=SECRET2&fbclid=SECRET3&dclid=other`;
    const stored = attributionAfterLanding(null, url, '', start);
    expect(stored.first).toEqual({ landingPath: '/about', clickIds: ['gclid', 'fbclid', 'msclkid'] });
    expect(JSON.stringify(stored)).not.toMatch(/SECRET|dclid/);
  });

  test('is noted, before the page’s scripts run, as what attribution reads of it: no click id’s value is kept', () => {
    const url = `${site}/services?utm_source=google&utm_term=cafe+marketing&gclid=SECRET1&fbclid=&plan=growth#services`;
    const noted = landingAddress(url);
    expect(noted).toBe(`${site}/services?utm_source=google&utm_term=cafe+marketing&gclid=1`);
    expect(attributionAfterLanding(null, noted, '', start)).toEqual(attributionAfterLanding(null, url, '', start));
  });

  test('ignores a referrer on this site, empty tags and empty click ids', () => {
    const url = `${site}/faq?utm_source=&utm_medium=%20&gclid=`;
    expect(attributionAfterLanding(null, url, `${site}/blog`, start).first).toEqual({ landingPath: '/faq' });
  });

  test('bounds every value to 200 characters, without splitting a character', () => {
    const long = 'a'.repeat(250);
    const emoji = `${'b'.repeat(199)}😀c`;
    const url = `${site}/${long}?utm_source=${long}&utm_campaign=${encodeURIComponent(emoji)}`;
    const { first } = attributionAfterLanding(
      null,
      url,
      `https://${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(50)}.example/`,
      start,
    );
    expect(first.landingPath).toHaveLength(200);
    expect(first.utm_source).toBe('a'.repeat(200));
    expect(first.utm_campaign).toBe('b'.repeat(199));
    expect(first.referrer).toHaveLength(200);
  });
});

describe('the first touch', () => {
  test('is kept for 90 days, whatever comes after it', () => {
    const stored = landings(
      [newsletter, 'https://mail.example.net/', start],
      [`${site}/blog?utm_source=facebook&utm_medium=social`, 'https://facebook.com/', start + 10 * day],
      [`${site}/about`, '', start + 90 * day - 1],
    );
    expect(enquiryAttribution(stored)?.first).toEqual({ ...newsletterTouch, referrer: 'mail.example.net' });
  });

  test('is replaced, with the last touch and the CTA, by the first landing 90 days or more after it', () => {
    let stored = landings([newsletter, '', start]);
    stored = JSON.stringify(attributionWithCta(stored, 'hero-book-free-consult'));
    stored = JSON.stringify(attributionAfterLanding(stored, `${site}/about`, '', start + 90 * day));
    expect(enquiryAttribution(stored)).toEqual({ first: { landingPath: '/about' }, last: { landingPath: '/about' } });
  });
});

describe('the last touch', () => {
  test('is the first touch until a campaign landing', () => {
    const stored = landings([`${site}/services`, '', start], [`${site}/faq`, `${site}/services`, start + day]);
    expect(enquiryAttribution(stored)).toEqual({
      first: { landingPath: '/services' },
      last: { landingPath: '/services' },
    });
  });

  test.each([
    ['a UTM value', `${site}/about?utm_campaign=winter`, '', { landingPath: '/about', utm_campaign: 'winter' }],
    ['a click id', `${site}/about?fbclid=abc`, '', { landingPath: '/about', clickIds: ['fbclid'] }],
    [
      'another site’s referrer',
      `${site}/about`,
      'https://news.example.org/',
      { landingPath: '/about', referrer: 'news.example.org' },
    ],
  ])('is replaced by a landing with %s, and the first touch kept', (_, url, referrer, last) => {
    const stored = landings([newsletter, '', start], [url, referrer, start + day]);
    expect(enquiryAttribution(stored)).toEqual({ first: newsletterTouch, last });
  });

  test.each([
    ['a direct visit', `${site}/about`, ''],
    ['a page reached from this site', `${site}/about`, `${site}/`],
    ['a page reached from this site under another port', `${site}:8443/about`, `${site}/`],
  ])('is not changed by %s', (_, url, referrer) => {
    const stored = landings([newsletter, '', start], [url, referrer, start + day]);
    expect(enquiryAttribution(stored)).toEqual({ first: newsletterTouch, last: newsletterTouch });
  });
});

describe('the call to action', () => {
  test('is the last label clicked, carried with both touches', () => {
    let stored = landings([newsletter, '', start]);
    stored = JSON.stringify(attributionWithCta(stored, 'hero-compare-plans'));
    stored = JSON.stringify(attributionWithCta(stored, 'hero-book-free-consult'));
    stored = JSON.stringify(attributionAfterLanding(stored, `${site}/start-project`, `${site}/`, start + 1000));
    expect(enquiryAttribution(stored)).toEqual({
      first: newsletterTouch,
      last: newsletterTouch,
      cta: 'hero-book-free-consult',
    });
  });

  test('is not kept without a recorded landing, and is bounded to 200 characters', () => {
    expect(attributionWithCta(null, 'hero-book-free-consult')).toBeUndefined();
    const stored = attributionWithCta(landings([newsletter, '', start]), 'x'.repeat(300));
    expect(stored?.cta).toBe('x'.repeat(200));
  });
});

describe('what is stored', () => {
  test.each([
    ['nothing', null],
    ['text that is not JSON', '{"firstAt":'],
    ['JSON of another shape', '["/", "newsletter"]'],
    ['a record without its time', JSON.stringify({ first: { landingPath: '/' }, last: { landingPath: '/' } })],
    ['a record without a landing path', JSON.stringify({ firstAt: start, first: {}, last: { landingPath: '/' } })],
  ])('is ignored when it is %s: the landing starts a new record, and an enquiry carries none', (_, stored) => {
    expect(enquiryAttribution(stored)).toBeUndefined();
    expect(attributionAfterLanding(stored, newsletter, '', start + day)).toEqual({
      firstAt: start + day,
      first: newsletterTouch,
      last: newsletterTouch,
    });
  });

  test('is cleaned before an enquiry carries it: unknown keys and click ids dropped, values bounded', () => {
    const stored = JSON.stringify({
      firstAt: start,
      first: { landingPath: '/', utm_source: 'n'.repeat(300), gclid: 'SECRET', clickIds: ['gclid', 'SECRET'] },
      last: { landingPath: '/about', referrer: 42 },
      cta: 7,
      extra: true,
    });
    expect(enquiryAttribution(stored)).toEqual({
      first: { landingPath: '/', utm_source: 'n'.repeat(200), clickIds: ['gclid'] },
      last: { landingPath: '/about' },
    });
  });
});
