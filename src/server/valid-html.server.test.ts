import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appRoutes, matchAppRoute } from '../app/routes.ts';
import { honeypotFieldName, tokenFieldName } from '../shared/page-contract.ts';
import { formSecretFile, formTokens, loadFormSecret } from './enquiries/form-token.server.ts';
import { newPreviewKey, type PreviewTarget } from './preview-links.server.ts';
import type { StoreData, StoredPost } from '../lib/store-schema.ts';
import { createTestApp, previewLinkPath, testSiteUrl, type TestApp } from '../../test-support/server.ts';

// Every page's server HTML, in each state a visitor can reach, checked by the W3C's Nu Html Checker (vnu, a Java
// program: `apt-get install default-jre-headless`). One run checks every file, as starting its JVM takes seconds.
//
// The pages link the stylesheet, so the CSS is left out of the check, on purpose: vnu's CSS checker predates the
// CSS Tailwind 4 writes: on the production home page with the stylesheet inline, it reported 76 errors, all of them CSS it does not
// know (`margin-trim`, `lab()` colours with an alpha, custom properties in `transition-property`).

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

const seeded = JSON.parse(readFileSync('data/db.json', 'utf8')) as StoreData;
const emptyCategory = { id: 99, name: 'Events', slug: 'events' };
const newest = seeded.posts
  .flatMap((post) => (post.publishedAt === null ? [] : [{ post, time: Date.parse(post.publishedAt) }]))
  .sort((a, b) => b.time - a.time)[0]!.post;
/** A post of everything the markdown renderer writes: a table, code, nested lists, images near and far, a video. */
const mediaStress: StoredPost = {
  ...newest,
  id: 1000,
  slug: 'everything-markdown-writes',
  title: 'Everything markdown writes',
  featuredImage: 'https://images.example-cdn.com/photo-1.jpg?w=1600&q=80',
  publishedAt: '2019-01-01T00:00:00.000Z',
  content: [
    '## A heading',
    '',
    '| Column 1 | Column 2 |',
    '|---|---:|',
    '| a **bold** cell | `code` |',
    '',
    '```js',
    "const a = '<b>&</b>';",
    '```',
    '',
    '- A list',
    '  - nested once',
    '',
    '1. First',
    '2. Second',
    '',
    '> A quotation',
    '',
    '![A remote image](https://images.example-cdn.com/team.jpg "A caption")',
    '',
    '![No caption](https://images.example-cdn.com/chart.png)',
    '',
    '[How Search Works](https://www.youtube.com/watch?v=BNHR6IQJGZs)',
    '',
    '[A Vimeo video](https://vimeo.com/76979871)',
    '',
    'A [link](https://example.com/?a=1&b=2) and a line  ',
    'break.',
  ].join('\n'),
};
const draft = { ...newest, id: 1001, slug: 'a-draft-in-review', publishedAt: null, previewKey: newPreviewKey() };
const scheduled = {
  ...newest,
  id: 1002,
  slug: 'scheduled-for-later',
  publishedAt: '2099-01-01T09:00:00.000Z',
  previewKey: newPreviewKey(),
};
const data: StoreData = {
  categories: [...seeded.categories, emptyCategory],
  posts: [...seeded.posts, mediaStress, draft, scheduled],
};
const pages = Math.ceil(seeded.posts.length / 6);

/** A scheduling page the site knows (Cal.com): /privacy then names it. */
const bookingUrl = 'https://cal.com/harbour-studio/consult';

/** A state of a page: how to reach it and the status it answers with. */
interface PageState {
  name: string;
  path: string;
  status?: number;
  /** Text that only this state shows, so that the check is known to have seen it. */
  shows?: string;
  /** A plain form post to /api/enquiries with these values, sent from `path`. */
  post?: Record<string, string>;
  /** The post whose signed preview link (made when rendered) is the page. */
  preview?: PreviewTarget;
  /** The site's configuration for this state (BOOKING_URL, a rate limit), on an app of its own. */
  env?: Record<string, string>;
  /** Plain posts of `post` sent (and accepted) before the one whose answer is the page. */
  acceptedBefore?: number;
}

const states: PageState[] = [
  { name: 'home', path: '/' },
  { name: 'services', path: '/services' },
  { name: 'how-it-works', path: '/how-it-works' },
  { name: 'about', path: '/about' },
  { name: 'faq', path: '/faq' },
  { name: 'start-project', path: '/start-project' },
  { name: 'start-project with a plan', path: '/start-project?plan=growth' },
  { name: 'blog', path: '/blog' },
  { name: 'blog, a category', path: `/blog?category=${seeded.categories[0]!.slug}` },
  { name: 'blog, page 2', path: '/blog?page=2' },
  {
    name: 'blog, a category with no posts',
    path: `/blog?category=${emptyCategory.slug}`,
    shows: 'No posts found in this category.',
  },
  {
    name: 'blog, a page past the last',
    path: `/blog?page=${pages + 1}`,
    status: 404,
    shows: 'This page does not exist.',
  },
  { name: 'a post', path: `/blog/${newest.slug}` },
  { name: 'a post with a video', path: '/blog/local-seo-tradies-near-me-searches', shows: 'youtube' },
  { name: 'a post with a table', path: '/blog/measuring-ad-roi-small-business', shows: '<table' },
  { name: 'a post with body images', path: '/blog/website-speed-mobile-local-business', shows: '<figure' },
  { name: 'a post of everything markdown writes', path: `/blog/${mediaStress.slug}`, shows: 'vimeo' },
  { name: 'an unknown post', path: '/blog/no-such-post', status: 404, shows: 'Blog Post Not Found' },
  { name: 'a draft’s preview', path: '/blog/preview/…', preview: draft, shows: 'is a draft' },
  { name: 'a scheduled post’s preview', path: '/blog/preview/…', preview: scheduled, shows: '1 January 2099' },
  { name: 'an unknown page', path: '/no/such/page', status: 404, shows: 'Page Not Found' },
  {
    name: 'a post, with the newsletter’s sign-up',
    path: `/blog/${newest.slug}`,
    env: { SMTP_URL: 'smtp://127.0.0.1:1' },
    shows: 'action="/api/newsletter"',
  },
  { name: 'thank-you', path: '/thank-you' },
  { name: 'privacy', path: '/privacy' },
  { name: 'newsletter', path: '/newsletter', shows: 'Join by email' },
  {
    name: 'newsletter, with the sign-up',
    path: '/newsletter',
    env: { SMTP_URL: 'smtp://127.0.0.1:1' },
    shows: 'action="/api/newsletter"',
  },
  { name: 'newsletter, check your inbox', path: '/newsletter/check-your-inbox' },
  { name: 'newsletter, confirm', path: '/newsletter/confirm/a-token', shows: 'action="/api/newsletter/confirm"' },
  { name: 'newsletter, confirmed', path: '/newsletter/confirmed', shows: 'data-newsletter-confirmed' },
  { name: 'newsletter, unsubscribe', path: '/newsletter/unsubscribe/a-token' },
  { name: 'newsletter, unsubscribed', path: '/newsletter/unsubscribed', env: { SMTP_URL: 'smtp://127.0.0.1:1' } },
  {
    name: 'thank-you, with a booking link',
    path: '/thank-you',
    env: { BOOKING_URL: bookingUrl },
    shows: 'data-cta="book-a-time"',
  },
  {
    name: 'start-project, with a booking link',
    path: '/start-project?plan=growth',
    env: { BOOKING_URL: bookingUrl },
    shows: 'data-cta="start-project-book-a-time"',
  },
  { name: 'privacy, with a booking link', path: '/privacy', env: { BOOKING_URL: bookingUrl }, shows: 'Cal.com' },
  {
    name: 'a plain post over the hourly limit, what was typed given back',
    path: '/start-project',
    env: { ENQUIRY_RATE_LIMIT: '1' },
    acceptedBefore: 1,
    status: 429,
    shows: 'Your enquiry was not sent',
    post: {
      firstname: 'Jane',
      email: 'jane@example.com',
      company: 'Harbour & Co <Newcastle>',
      message: 'A <b>third</b>',
    },
  },
  {
    name: 'the form’s problems, after a plain post',
    path: '/start-project?plan=growth',
    status: 400,
    shows: 'There is a problem',
    post: { firstname: '', email: 'jane@', company: 'A & B <Co>', plan: 'growth', message: 'Hi' },
  },
];

let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** The apps of the states with a configuration of their own, by that configuration. */
const configured = new Map<string, TestApp>();
const directory = mkdtempSync(path.join(tmpdir(), 'nms-valid-html-'));
const fileName = (state: PageState) => `${state.name.replace(/\W+/g, '-')}.html`;
/** vnu's errors by file name; those it could not tie to a page under `''`. */
const errors = new Map<string, string[]>();

async function appFor(state: PageState): Promise<TestApp> {
  if (!state.env) return testApp;
  const key = JSON.stringify(state.env);
  if (!configured.has(key)) configured.set(key, await createTestApp({ data, env: state.env }));
  return configured.get(key)!;
}

async function render(state: PageState): Promise<string> {
  const testApp = await appFor(state);
  if (state.preview) {
    return (
      await request(testApp.app)
        .get(await previewLinkPath(testApp, state.preview, 1))
        .expect(200)
    ).text;
  }
  if (!state.post)
    return (
      await request(testApp.app)
        .get(state.path)
        .expect(state.status ?? 200)
    ).text;
  // A token issued 10 s ago, as a person would send it: the post is refused for its values alone.
  const tokens = formTokens(await loadFormSecret(formSecretFile(testApp.config.enquiries.file)), 'enquiry');
  const post = () =>
    request(testApp.app)
      .post('/api/enquiries')
      .set({ 'Sec-Fetch-Site': 'same-origin', Referer: `${testSiteUrl}${state.path}` })
      .type('form')
      .send({ ...state.post, [tokenFieldName]: tokens.issue(Date.now() - 10_000), [honeypotFieldName]: '' });
  for (let i = 0; i < (state.acceptedBefore ?? 0); i += 1) await post().expect(303);
  return (await post().expect(state.status ?? 400)).text;
}

interface VnuMessage {
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Checks every HTML file in `folder` in one run: errors only, and no CSS files. */
async function vnu(folder: string): Promise<VnuMessage[]> {
  const options = ['--errors-only', '--skip-non-html', '--no-langdetect', '--format', 'json', '--stdout'];
  const { stdout } = await promisify(execFile)('java', ['-jar', vnuJar, ...options, '--exit-zero-always', folder], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT')
      throw new Error('java is not installed: the HTML check needs it (apt-get install -y default-jre-headless)');
    throw error;
  });
  return (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
}

beforeAll(async () => {
  testApp = await createTestApp({ data });
  for (const state of states) {
    const html = await render(state);
    expect(html, state.name).toContain(state.shows ?? '</html>');
    writeFileSync(path.join(directory, fileName(state)), html);
  }
  for (const { url, lastLine, message, extract } of await vnu(directory)) {
    const file = url ? path.basename(decodeURIComponent(new URL(url).pathname)) : '';
    const shown = `${lastLine ? `line ${lastLine}: ` : ''}${message}${extract ? ` (in “${extract.trim()}”)` : ''}`;
    errors.set(file, [...(errors.get(file) ?? []), shown]);
  }
}, 120_000);

afterAll(() => {
  testApp?.close();
  for (const app of configured.values()) app.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('every page’s server HTML passes the Nu Html Checker', () => {
  test.each(states)('$name ($path)', (state) => {
    expect(errors.get(fileName(state)) ?? [], 'vnu’s errors').toEqual([]);
  });

  test('every route of the route table has a state checked here', () => {
    const checked = new Set(states.map((state) => matchAppRoute(new URL(state.path, testSiteUrl).pathname).route));
    expect(appRoutes.filter((route) => !checked.has(route)).map((route) => route.path)).toEqual([]);
  });

  test('vnu checked every page and reported nothing else', () => {
    const pages = new Set(states.map(fileName));
    expect(pages.size, 'one file per state').toBe(states.length);
    expect([...errors].filter(([file]) => !pages.has(file))).toEqual([]);
  });
});
