import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createTestApp, previewLinkPath, testPost, testSiteUrl, testStore } from '../../test-support/server.ts';
import { honeypotFieldName, tokenFieldName } from '../shared/page-contract.ts';
import { formSecretFile, formTokens, loadFormSecret } from './enquiries/form-token.server.ts';
import { newPreviewKey } from './preview-links.server.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const apps: TestApp[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const app of apps.splice(0)) app.close();
});

async function setUp(options: Parameters<typeof createTestApp>[0] = {}) {
  const testApp = await createTestApp(options);
  apps.push(testApp);
  return testApp;
}

function logSink() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { lines, logger: pino(sink) };
}

interface RequestLine {
  req: { method: string; url: string };
  res: { statusCode: number };
  speculative?: boolean;
}

/** The request log's lines, in the order the answers finished. */
const requestLines = (lines: string[]) =>
  lines.map((line) => JSON.parse(line) as Partial<RequestLine>).filter((line): line is RequestLine => !!line.req);

const prefetch = { 'Sec-Purpose': 'prefetch' };
const prerender = { 'Sec-Purpose': 'prefetch;prerender' };

describe('speculation rules', () => {
  test('every page names its rules in a Speculation-Rules header, served as application/speculationrules+json', async () => {
    const { app } = await setUp();
    const rulesOf = async (path: string) => {
      const page = await request(app).get(path);
      // No inline rules: the CSP allows no inline script.
      expect(page.text).not.toContain('speculationrules');
      const header = /^"(\/[\w.-]+\.json)"$/.exec(page.headers['speculation-rules'] ?? '')?.[1];
      expect(header, path).toBeDefined();
      const rules = await request(app).get(header!).expect(200);
      expect(rules.headers['content-type']).toMatch(/^application\/speculationrules\+json\b/);
      return JSON.parse(rules.text) as { prefetch: { urls?: string[]; eagerness: string }[]; prerender?: unknown[] };
    };
    const fetchesConsultPageAtOnce = expect.objectContaining({ urls: ['/start-project'], eagerness: 'immediate' });
    for (const path of ['/', '/services', '/blog', '/blog/post-1', '/no-such-page']) {
      const rules = await rulesOf(path);
      expect(rules.prefetch, path).toContainEqual(fetchesConsultPageAtOnce);
      expect(rules.prerender, path).toContainEqual(expect.objectContaining({ urls: ['/start-project'] }));
    }
    // The consult page does not fetch itself again; its links to other pages are fetched on intent.
    const consult = await rulesOf('/start-project');
    expect(consult.prefetch).not.toContainEqual(fetchesConsultPageAtOnce);
    expect(consult.prefetch).toContainEqual(expect.objectContaining({ eagerness: 'moderate' }));
    expect(consult.prerender).toBeUndefined();
  }, 30_000);

  test('a preview link’s answer names no rules: nothing is fetched ahead from it', async () => {
    const data = testStore(2);
    const previewKey = newPreviewKey();
    data.posts.push(testPost({ id: 3, slug: 'winter-menus', publishedAt: null, previewKey }));
    const testApp = await setUp({ data });
    const preview = await previewLinkPath(testApp, { slug: 'winter-menus', previewKey });
    const answer = await request(testApp.app).get(preview).expect(200);
    expect(answer.headers['speculation-rules']).toBeUndefined();
    const madeUp = await request(testApp.app).get('/BLOG/PREVIEW/made-up/');
    expect(madeUp.headers['speculation-rules']).toBeUndefined();
  });
});

describe('a request the browser makes ahead of a tap (Sec-Purpose)', () => {
  test('gets the page cache’s copy, the same page a view gets', async () => {
    const { app } = await setUp();
    for (const headers of [prefetch, prerender]) {
      const ahead = await request(app).get('/start-project').set(headers).expect(200);
      const view = await request(app).get('/start-project').expect(200);
      expect(ahead.headers.etag).toMatch(/^"/);
      expect(ahead.headers.etag).toBe(view.headers.etag);
      expect(ahead.text).toBe(view.text);
    }
  });

  test('is logged as speculative, not as a visit; a view of the same page is a visit', async () => {
    const { lines, logger } = logSink();
    const { app } = await setUp({ logger });
    await request(app).get('/about').set(prefetch).expect(200);
    await request(app).get('/start-project').set(prerender).expect(200);
    await request(app).get('/about').expect(200);
    const logged = requestLines(lines).map(({ req, speculative }) => [req.url, speculative ?? false]);
    expect(logged).toEqual([
      ['/about', true],
      ['/start-project', true],
      ['/about', false],
    ]);
  });

  test('a header alone never takes a request out of the log: every refused request is logged, by its path', async () => {
    const { lines, logger } = logSink();
    const { app } = await setUp({ logger });
    const post = (path: string) =>
      request(app).post(path).set(prefetch).set('Sec-Fetch-Site', 'same-origin').type('form').send('firstname=');
    for (let i = 0; i < 3; i++) await post('/api/enquiries').expect(400);
    await post('/api/enquiries?/preview').expect(400);
    await request(app).delete('/about').set(prefetch).expect(405);
    await request(app).get('/no-such-page').set(prefetch).expect(404);
    await request(app).get('/blog/preview/made-up.token').set(prerender).expect(404);
    await request(app).get('/api/blog/posts/nope').set(prefetch).expect(404);
    // A monitor's GET of /healthz is the one request left out; any other method on it is a line like any other.
    await request(app).get('/healthz').expect(200);
    for (const method of ['post', 'put', 'delete'] as const) await request(app)[method]('/healthz').expect(405);
    const logged = requestLines(lines).map(({ req, res, speculative }) => [
      req.method,
      req.url,
      res.statusCode,
      speculative ?? false,
    ]);
    expect(logged).toEqual([
      ['POST', '/api/enquiries', 400, false],
      ['POST', '/api/enquiries', 400, false],
      ['POST', '/api/enquiries', 400, false],
      ['POST', '/api/enquiries', 400, false],
      ['DELETE', '/about', 405, false],
      ['GET', '/no-such-page', 404, false],
      ['GET', '/blog/preview/', 404, false],
      ['GET', '/api/blog/posts/nope', 404, false],
      ['POST', '/healthz', 405, false],
      ['PUT', '/healthz', 405, false],
      ['DELETE', '/healthz', 405, false],
    ]);
  });

  test('counts in no rate limit: a visitor’s enquiry is accepted after many prefetches', async () => {
    const testApp = await setUp({ env: { ENQUIRY_RATE_LIMIT: '1' } });
    for (let i = 0; i < 5; i++) await request(testApp.app).get('/start-project').set(prefetch).expect(200);
    const tokens = formTokens(await loadFormSecret(formSecretFile(testApp.config.enquiries.file)), 'enquiry');
    const post = () =>
      request(testApp.app)
        .post('/api/enquiries')
        .set({ 'Sec-Fetch-Site': 'same-origin', Referer: `${testSiteUrl}/start-project` })
        .send({ firstname: 'Jane', email: 'jane@example.com', [tokenFieldName]: tokens.issue(Date.now() - 10_000) })
        .send({ [honeypotFieldName]: '' });
    await post().expect(201);
    // The limit of one still holds for enquiries themselves.
    await post().expect(429);
  });

  test('carries a form that still sends when the visitor sends it minutes later', async () => {
    const { app } = await setUp();
    const page = await request(app).get('/start-project').set(prefetch).expect(200);
    const token = new RegExp(`name="${tokenFieldName}" value="([^"]+)"`).exec(page.text)?.[1];
    expect(token).toBeDefined();
    vi.useFakeTimers({ now: Date.now() + 5 * 60 * 1000, toFake: ['Date'] });
    await request(app)
      .post('/api/enquiries')
      .set({ 'Sec-Fetch-Site': 'same-origin', Referer: `${testSiteUrl}/start-project` })
      .send({ firstname: 'Jane', email: 'jane@example.com', [tokenFieldName]: token, [honeypotFieldName]: '' })
      .expect(201);
  });
});

describe('the request log’s client', () => {
  test('a keyed hash of the visitor’s address: the same for one client all day, another for another client, unrelated the next day, never the address', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-07T10:00:00Z') });
    const { lines, logger } = logSink();
    const { app } = await setUp({ logger });
    // The site's secret is read (made, the first time) a moment after the app starts.
    await vi.waitFor(async () => {
      await request(app).get('/robots.txt').expect(200);
      expect(lines.at(-1)).toContain('"client"');
    });
    const before = lines.length;
    const from = (address: string) => request(app).get('/robots.txt').set('X-Forwarded-For', address).expect(200);
    await from('203.0.113.9');
    await from('203.0.113.9');
    await from('198.51.100.4');
    vi.setSystemTime(new Date('2026-12-08T10:00:00Z'));
    await from('203.0.113.9');
    const clients = requestLines(lines.slice(before)).map(({ req }) => (req as { client?: string }).client);
    expect(clients.every((client) => /^[\w-]{16}$/.test(client ?? ''))).toBe(true);
    const [first, again, other, nextDay] = clients;
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(nextDay).not.toBe(first);
    expect(lines.join('\n')).not.toMatch(/203\.0\.113\.9|198\.51\.100\.4/);
  });
});
