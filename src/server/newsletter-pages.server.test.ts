import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { element, textOf } from '../../test-support/html.ts';
import { createTestApp, readPage, testPost, testSiteUrl, testStore } from '../../test-support/server.ts';
import type { PublicConfig } from '../browser/lib/public-config.ts';
import { claims } from '../content/offer.ts';
import type { NewsletterFormState } from '../lib/newsletter.ts';
import { packages } from '../content/packages.ts';
import { devAssets } from './assets.server.ts';
import { speculationRules } from './speculation-rules.server.ts';

const data = testStore(4);
let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp({ data });
});
afterAll(() => testApp.close());

/** A page's server HTML rendered with the public config given (the sign-up shows with `newsletterSignup`). */
async function renderWith(url: string, config: Partial<PublicConfig>, newsletter?: NewsletterFormState) {
  const renderer = await import('../entry-server.tsx');
  const page = await renderer.loadPage(url, testApp.store.source);
  return new Promise<{ status: number; html: string }>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString();
        callback();
      },
    });
    void renderer.renderPage(
      page,
      {
        config: { ...testApp.config.public, ...config },
        assets: devAssets,
        islandState: newsletter && { newsletter },
      },
      {
        waitForAll: true,
        onReady(status, pipe) {
          sink.on('finish', () => resolve({ status, html }));
          pipe(sink);
        },
        onShellError: reject,
        onError: reject,
      },
    );
  });
}

const withSignUp = { newsletterSignup: true };

/** The form that posts to `action`, whatever order React writes its attributes in; '' when there is none. */
function formPostingTo(html: string, action: string): string {
  const start = new RegExp(`<form\\b[^>]*\\baction="${action.replace(/[.?]/g, '\\$&')}"[^>]*>`).exec(html);
  return start ? element(html, start[0], 'form') : '';
}

describe('/newsletter', () => {
  test('says what the newsletter is, who reads it and how often it comes, from the offer', async () => {
    const { html, text, description } = await readPage(testApp.app, '/newsletter');
    expect(html).toContain('<title>The Newcastle Local Newsletter | ');
    expect(html).toContain(`<link rel="canonical" href="${testSiteUrl}/newsletter"/>`);
    expect(html).not.toContain('noindex');
    expect(text).toContain('The Newcastle local newsletter');
    for (const figure of [claims.subscribers, claims.openRate, claims.newsletterFrequency]) {
      expect(text).toContain(figure);
      expect(description).toContain(figure);
    }
  });

  test('lists what a featured business gets and each package that includes a feature, linked to its form', async () => {
    const { html, text } = await readPage(testApp.app, '/newsletter');
    const featured = packages.filter((plan) => plan.newsletterFeature);
    expect(featured.map((plan) => plan.planId)).toEqual(['visibility-boost', 'local-launch', 'growth']);
    for (const plan of featured) {
      expect(text).toContain(plan.title);
      expect(text).toContain(plan.newsletterFeature);
      expect(html).toContain(`href="/start-project?plan=${plan.planId}"`);
    }
    expect(text).toContain('Get your business featured');
  });

  test('describes the newsletter as a periodical the studio publishes, in JSON-LD', async () => {
    const { jsonLd } = await readPage(testApp.app, '/newsletter');
    expect(jsonLd).toContainEqual(
      expect.objectContaining({
        '@type': 'WebPage',
        url: `${testSiteUrl}/newsletter`,
        mainEntity: expect.objectContaining({
          '@type': 'Periodical',
          publisher: expect.objectContaining({ '@id': `${testSiteUrl}/#studio` }),
        }),
      }),
    );
  });

  test('until an issue is published, says what it covers and shows no latest issue', async () => {
    const { text } = await readPage(testApp.app, '/newsletter');
    expect(text).toContain('What each issue covers');
    expect(text).not.toContain('Read the latest issue');
  });

  test('shows the latest issue, the newest post of the Newsletter category, linked with the archive', async () => {
    const issues = testStore(2);
    issues.categories.push({ id: 3, name: 'Newsletter', slug: 'newsletter' });
    issues.posts.push(
      testPost({ id: 10, slug: 'issue-1', title: 'Issue one', categoryId: 3, publishedAt: '2025-02-01T09:00:00.000Z' }),
      testPost({ id: 11, slug: 'issue-2', title: 'Issue two', categoryId: 3, publishedAt: '2025-03-01T09:00:00.000Z' }),
    );
    const withIssues = await createTestApp({ data: issues });
    try {
      const { html, text } = await readPage(withIssues.app, '/newsletter');
      const latest = element(html, '<section aria-labelledby="latest-heading"', 'section');
      expect(textOf(latest)).toContain('Issue two');
      expect(textOf(latest)).not.toContain('Issue one');
      expect(latest).toContain('href="/blog/issue-2"');
      expect(latest).toContain('href="/blog?category=newsletter"');
      expect(text).not.toContain('What each issue covers');
    } finally {
      withIssues.close();
    }
  });

  test('without a way to confirm a sign-up, says how to join by email instead of the box', async () => {
    const { html, text } = await readPage(testApp.app, '/newsletter');
    expect(text).toContain('Join by email');
    expect(html).toContain(`href="mailto:${testApp.config.public.contactEmail}?subject=`);
    expect(html).not.toContain('action="/api/newsletter"');
  });

  test('with one, shows the sign-up: a plain post with the form token and honeypot, email required', async () => {
    const { html } = await renderWith('/newsletter', withSignUp, { token: 'signed-token' });
    const form = formPostingTo(html, '/api/newsletter');
    expect(form).not.toBe('');
    expect(form).toContain('name="form_token" value="signed-token"');
    expect(form).toContain('name="enquiry_trap"');
    expect(form).toMatch(/<label for="newsletter-email"[^>]*>Email address<\/label>/);
    expect(form).toMatch(/<input id="newsletter-email" type="email" required=""[^>]*name="email"/);
    expect(form).toMatch(/<label for="newsletter-firstname"[^>]*>First name \(optional\)<\/label>/);
    expect(form).not.toMatch(/name="firstname"[^>]*required/);
    expect(html).not.toContain('Join by email');
  });

  test('a returned plain post shows its problems in a focused summary linked to each field, values kept', async () => {
    const state = {
      token: 't',
      values: { email: 'not-an-email' },
      errors: { email: 'Enter an email address like name@example.com' },
    };
    const { html } = await renderWith('/newsletter', withSignUp, state);
    expect(html).toContain('<title>Error: The Newcastle Local Newsletter');
    const summary = element(html, '<div tabindex="-1" autofocus=""', 'div');
    expect(summary).toContain('role="alert"');
    expect(summary).toContain('href="#newsletter-email"');
    expect(summary).toContain('Enter an email address like name@example.com');
    expect(html).toMatch(/id="newsletter-email"[^>]*aria-invalid="true"[^>]*aria-describedby="newsletter-email-error"/);
    expect(html).toMatch(/id="newsletter-email"[^>]*value="not-an-email"/);
  });
});

describe('the sign-up elsewhere', () => {
  test('stands at the end of every post, after its package card', async () => {
    const { html } = await renderWith('/blog/post-1', withSignUp, { token: 't' });
    const end = element(html, '<aside aria-labelledby="post-cta-heading"', 'aside');
    expect(end.indexOf('data-plan=')).toBeGreaterThan(0);
    expect(end.indexOf('action="/api/newsletter"')).toBeGreaterThan(end.indexOf('data-plan='));
  });

  test('stands on /blog, after the list of posts', async () => {
    const { html } = await renderWith('/blog', withSignUp, { token: 't' });
    expect(html.indexOf('action="/api/newsletter"')).toBeGreaterThan(html.indexOf('aria-label="Posts"'));
  });

  test('is nowhere without a way to confirm a sign-up', async () => {
    for (const path of ['/blog', '/blog/post-1']) {
      const { html } = await readPage(testApp.app, path);
      expect(html).not.toContain('action="/api/newsletter"');
    }
  });
});

describe('links to /newsletter wherever the site talks about the newsletter', () => {
  const linksToNewsletter = (html: string) => html.match(/href="\/newsletter"/g)?.length ?? 0;

  test('the home page: the hero’s stats card and the audience section', async () => {
    const { html } = await readPage(testApp.app, '/');
    expect(element(html, '<section aria-labelledby="home-hero-heading"', 'section')).toContain('href="/newsletter"');
    expect(element(html, '<section aria-labelledby="audience-heading"', 'section')).toContain('href="/newsletter"');
  });

  test('About, beside its figures', async () => {
    const { html } = await readPage(testApp.app, '/about');
    expect(element(html, '<section aria-labelledby="story-heading"', 'section')).toContain('href="/newsletter"');
  });

  test('the FAQ’s answer to “Who reads your newsletter?”', async () => {
    const { html } = await readPage(testApp.app, '/faq');
    const items = html
      .split('<details')
      .slice(1)
      .map((part) => element(`<details${part}`, '<details', 'details'));
    const item = items.find((details) => textOf(details).includes('Who reads your newsletter?')) ?? '';
    expect(textOf(item)).toContain('Who reads your newsletter?');
    expect(item).toContain('href="/newsletter"');
  });

  test('every page’s footer', async () => {
    for (const path of ['/services', '/blog', '/privacy', '/newsletter']) {
      const { html } = await readPage(testApp.app, path);
      expect(linksToNewsletter(element(html, '<footer', 'footer'))).toBe(1);
    }
  });
});

describe('the pages around a sign-up', () => {
  const pages = [
    '/newsletter/check-your-inbox',
    '/newsletter/confirm/a-token',
    '/newsletter/confirmed',
    '/newsletter/unsubscribe/a-token',
    '/newsletter/unsubscribed',
  ];

  test('are not indexed, not in the sitemap and never fetched ahead', async () => {
    for (const path of pages) {
      const { html } = await readPage(testApp.app, path);
      expect(html, path).toContain('<meta name="robots" content="noindex, follow"/>');
    }
    const { text: sitemap } = await request(testApp.app).get('/sitemap.xml').expect(200);
    expect(sitemap).toContain(`<loc>${testSiteUrl}/newsletter</loc>`);
    expect(sitemap).not.toContain(`${testSiteUrl}/newsletter/`);
    const onIntent = speculationRules.prefetch[1] as { where: { and: { not?: { href_matches?: string[] } }[] } };
    expect(onIntent.where.and.flatMap((rule) => rule.not?.href_matches ?? [])).toContain('/newsletter/*');
  });

  test('check your inbox says the same words for every valid address', async () => {
    const { text } = await readPage(testApp.app, '/newsletter/check-your-inbox');
    expect(text).toContain('Check your inbox: if that address can join, we have sent it a link to confirm');
  });

  test('the confirmation page is one button posting the link’s token, and no cache keeps it', async () => {
    const response = await request(testApp.app).get('/newsletter/confirm/abc.DEF_123').expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const form = formPostingTo(response.text, '/api/newsletter/confirm');
    expect(form).toContain('<input type="hidden" name="token" value="abc.DEF_123"/>');
    expect(textOf(form).trim()).toBe('Confirm my subscription');
    expect(response.text).toContain('data-newsletter-confirm');
  });

  test('the unsubscribe page’s button posts to its own address', async () => {
    const response = await request(testApp.app).get('/newsletter/unsubscribe/abc').expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const form = formPostingTo(response.text, '/newsletter/unsubscribe/abc');
    expect(textOf(form).trim()).toBe('Unsubscribe');
  });

  test('the confirmed page carries the mark the boot loader reports sign_up from', async () => {
    const { html, text } = await readPage(testApp.app, '/newsletter/confirmed');
    expect(text).toContain("You're subscribed");
    expect(html).toContain('data-newsletter-confirmed');
  });
});
