import fc from 'fast-check';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest';
import { pino } from 'pino';
import { createHttpServer } from './http-server.server.ts';
import { securityHeaderValues } from './security.server.ts';
import { createTestApp, testPost, testSiteUrl, testStore } from '../../test-support/server.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

// Thousands of requests and real renders: more time than vitest's default on a busy two-core machine.
vi.setConfig({ testTimeout: 60_000 });

const agent = new Agent({ keepAlive: true, maxSockets: 16 });
let port = 0;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let server: ReturnType<typeof createHttpServer>;

const data = testStore(14);
data.posts.push(
  testPost({
    id: 50,
    slug: 'injection',
    title: '</script><script>alert(1)</script>',
    summary: '<img src=x onerror=alert(1)>',
  }),
);

beforeAll(async () => {
  testApp = await createTestApp({ data });
  server = createHttpServer(testApp.app, {
    keepAliveTimeoutMs: testApp.config.keepAliveTimeoutMs,
    headers: securityHeaderValues(testApp.config),
    logger: pino({ level: 'silent' }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  testApp.close();
});

function send(path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers, agent },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function expectApiError(answer: Answer, allowed = [400, 404, 405, 414, 431]) {
  expect(allowed).toContain(answer.status);
  expect(answer.headers['content-type']).toMatch(/application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
}

const hostileValues = [
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '%00',
  '%E2%80%A8',
  'x'.repeat(10_000),
  '%F0%9F%92%A5',
  '[]',
  '{}',
  '%27%20OR%201%3D1',
  '..%2F..%2F',
];

describe('bad input never gives a 5xx', () => {
  test('fuzzed list and featured parameters answer 200 or a 4xx JSON error', async () => {
    const value = fc.oneof(
      fc.constantFrom(...hostileValues),
      fc.integer({ min: -1e6, max: 1e12 }).map(String),
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
      fc.double().map((n) => encodeURIComponent(String(n))),
    );
    const name = fc.constantFrom(
      'page',
      'limit',
      'categoryId',
      'page[a]',
      'page[]',
      'limit[0]',
      '__proto__',
      'constructor',
    );
    const query = fc
      .array(fc.tuple(name, value), { minLength: 1, maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/blog/posts', '/api/blog/featured', '/api/blog/categories'),
        query,
        async (path, search) => {
          const answer = await send(`${path}?${search}`);
          if (answer.status === 200) expect(() => JSON.parse(answer.body)).not.toThrow();
          else expectApiError(answer);
        },
      ),
      { numRuns: 1500 },
    );
  });

  test('fuzzed slugs answer 200 or 404 JSON, and pages 200 or 404 HTML', async () => {
    const slug = fc.oneof(
      fc.constantFrom(
        '../',
        '%2e%2e',
        '%2e%2e%2fetc%2fpasswd',
        '..%5c..%5c',
        'a'.repeat(5_000),
        '%00',
        'post-1%00',
        '%C3%A9t%C3%A9',
        '%E2%80%AE',
      ),
      fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent),
      fc.stringMatching(/^[a-z0-9-]{1,30}$/),
    );
    await fc.assert(
      fc.asyncProperty(slug, async (value) => {
        const api = await send(`/api/blog/posts/${value}`);
        if (api.status !== 200) expectApiError(api, [400, 404, 414]);
        const page = await send(`/blog/${value}`);
        expect([200, 400, 404, 414]).toContain(page.status);
        expect(page.headers['content-type']).toMatch(/text\/html/);
      }),
      { numRuns: 500 },
    );
  });

  test.each([
    ['malformed percent-encoding in the API', '/api/blog/posts/%E0%A4%A', 400],
    ['malformed percent-encoding in a page', '/%E0%A4%A', 400],
  ])('%s is refused with a 400', async (_name, path, status) => {
    const answer = await send(path);
    expect(answer.status).toBe(status);
  });

  test.each([
    ['a 9 kB API URL', `/api/blog/posts?page=${'1'.repeat(9 * 1024)}`, 414],
    ['a 16 kB API URL', `/api/blog/posts?page=${'1'.repeat(16 * 1024)}`, 431],
  ])('%s is refused with %i and a JSON error', async (_name, path, status) => {
    expectApiError(await send(path), [status]);
  });

  test('a 9 kB page URL is refused with 414', async () => {
    expect((await send(`/blog/${'a'.repeat(9 * 1024)}`)).status).toBe(414);
  });

  test('malformed percent-encoding on the API answers JSON', async () => {
    expectApiError(await send('/api/blog/posts/%E0%A4%A'), [400]);
  });

  test.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('%s on the API answers 405 JSON', async (method) => {
    const answer = await send('/api/blog/posts', { method });
    expect(answer.status).toBe(405);
    expectApiError(answer, [405]);
  });

  test('a huge cookie answers 431 JSON and the server keeps serving', async () => {
    const answer = await send('/api/blog/posts', { headers: { Cookie: `c=${'x'.repeat(20_000)}` } });
    expectApiError(answer, [431]);
    expect((await send('/healthz')).status).toBe(200);
  });

  test.each(['text/html', 'application/xml', '*/*;q=abc', 'garbage/////', ''])(
    'Accept %j on the API still gets JSON',
    async (accept) => {
      const answer = await send('/api/blog/posts?page=0', { headers: { Accept: accept } });
      expectApiError(answer, [400]);
    },
  );

  test('after all of that, /healthz still answers', async () => {
    expect(JSON.parse((await send('/healthz')).body)).toMatchObject({ status: 'ok' });
  });
});

describe('no input costs more than an ordinary request', () => {
  /** A plain form post from the site's page, with no token (no token is needed to reach these paths). */
  function postForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(`http://127.0.0.1:${port}/api/enquiries`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
        'X-Forwarded-For': '203.0.113.77',
        ...headers,
      },
      // Slashes as they are (a form may send them so), or 16,000 of them would pass the 16 kB limit encoded.
      body: Object.entries(fields)
        .map(([name, value]) => `${name}=${encodeURIComponent(value).replaceAll('%2F', '/')}`)
        .join('&'),
    }).then((response) => response.text());
  }

  /**
   * The fastest time of ordinary and hostile requests, sent in turn so that both meet the same load, and their
   * ratio: absolute times vary with the machine, the ratio does not. The fastest, not the median: another process or
   * a garbage collection only ever adds time, so the fastest run is the request's own cost.
   */
  async function costRatio(ordinary: (run: number) => Promise<unknown>, hostile: (run: number) => Promise<unknown>) {
    const times: [number[], number[]] = [[], []];
    for (let run = 0; run < 9; run += 1) {
      for (const [index, request] of [ordinary, hostile].entries()) {
        const started = performance.now();
        await request(run);
        times[index]!.push(performance.now() - started);
      }
    }
    return Math.min(...times[1]) / Math.min(...times[0]);
  }

  const visitor = { firstname: 'Ada', email: 'ada@example.com' };

  test('a form post whose page field is 16,000 slashes costs about what an ordinary failed post costs', async () => {
    const ratio = await costRatio(
      () => postForm({ ...visitor, form_page: '/start-project' }),
      () => postForm({ ...visitor, form_page: `${'/'.repeat(16_000)}x` }),
    );
    expect(ratio).toBeLessThan(3);
  });

  test('a Referer of 8,000 slashes costs about what an ordinary Referer costs', async () => {
    const ratio = await costRatio(
      () => postForm(visitor, { Referer: `${testSiteUrl}/start-project` }),
      () => postForm(visitor, { Referer: `${testSiteUrl}/${'/'.repeat(8_000)}x` }),
    );
    expect(ratio).toBeLessThan(3);
  });

  // Against an unknown path as long, not a short one: a short 404 takes well under a millisecond, so the bytes of a
  // long address alone (read, logged, answered) made the ratio swing past 3 on a loaded machine; slashes must cost
  // no more than any other 8,000 characters.
  test('a page path of 8,000 slashes costs about what an unknown page path as long costs', async () => {
    const ratio = await costRatio(
      (run) => send(`/a${'b'.repeat(8_000)}x${run}`),
      (run) => send(`/a${'/'.repeat(8_000)}x${run}`),
    );
    expect(ratio).toBeLessThan(3);
  });
});

describe('security headers', () => {
  test('every answer carries a strict CSP and the usual protections', async () => {
    for (const path of ['/', '/blog', '/blog/post-1', '/api/blog/posts', '/nope']) {
      const { headers } = await send(path);
      const csp = String(headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*(?!\.)/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('isolation', () => {
  test('interleaved requests for different posts and pages each get only their own data', async () => {
    const paths = [
      ...data.posts.filter((post) => post.slug !== 'injection').map((post) => `/blog/${post.slug}`),
      '/blog',
      '/blog?page=2',
      '/blog?category=local-seo',
    ];
    const rounds = await Promise.all(
      Array.from({ length: 6 }, () => Promise.all(paths.map(async (path) => ({ path, answer: await send(path) })))),
    );
    for (const { path, answer } of rounds.flat()) {
      expect(answer.status).toBe(200);
      const title = /<title>([^<]*)<\/title>/.exec(answer.body)?.[1] ?? '';
      const bodies = answer.body.match(/Body of post \d+\./g) ?? [];
      if (path.startsWith('/blog/')) {
        const slug = path.slice('/blog/'.length);
        const post = data.posts.find((p) => p.slug === slug);
        expect(title.startsWith(`${post?.title} |`)).toBe(true);
        expect(new Set(bodies)).toEqual(new Set([`Body of post ${post?.id}.`]));
      } else {
        const page = path.includes('page=2') ? 2 : 1;
        const listed = data.posts
          .filter((post) => !path.includes('category') || post.categoryId === 1)
          .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''))
          .slice((page - 1) * 6, page * 6);
        for (const post of listed) expect(answer.body, path).toContain(`href="/blog/${post.slug}"`);
        expect(bodies).toEqual([]);
      }
    }
  });
});

/** Sends raw bytes on a connection of its own; what the server answered before it closed. */
function sendRaw(to: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('answers given before the app', () => {
  /** A server of the app's own, with what it logged (one JSON line each). */
  async function loggedServer() {
    const log: string[] = [];
    const logged = createHttpServer(testApp.app, {
      keepAliveTimeoutMs: testApp.config.keepAliveTimeoutMs,
      headers: securityHeaderValues(testApp.config),
      logger: pino({ base: undefined }, { write: (line: string) => void log.push(line) }),
    });
    await new Promise<void>((resolve) => logged.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void logged.close());
    return { port: (logged.address() as AddressInfo).port, log };
  }

  test('a malformed request, an oversized header and an over-long URL carry the app’s security headers and are logged', async () => {
    const { port: to, log } = await loggedServer();
    const app = await send('/healthz');
    const answers = [
      { status: 400, answer: await sendRaw(to, 'NOT HTTP\r\n\r\n') },
      {
        status: 431,
        answer: await sendRaw(to, `GET / HTTP/1.1\r\nHost: localhost\r\nCookie: ${'x'.repeat(20_000)}\r\n\r\n`),
      },
      {
        status: 414,
        answer: await sendRaw(to, `GET /${'a'.repeat(9 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
      },
    ];
    for (const { status, answer } of answers) {
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const head = answer.split('\r\n\r\n')[0]!.toLowerCase();
      for (const name of ['content-security-policy', 'x-content-type-options', 'strict-transport-security']) {
        expect(head).toContain(`${name}: ${String(app.headers[name])}`.toLowerCase());
      }
    }
    const lines = log.map((line) => JSON.parse(line) as { status?: number; msg: string });
    expect(lines.filter((line) => line.msg === 'Refused before the app').map((line) => line.status)).toEqual([
      400, 431, 414,
    ]);
  });

  test('a flood of malformed requests leaves a few lines, and one more that counts the rest', async () => {
    const { port: to, log } = await loggedServer();
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    try {
      for (let i = 0; i < 200; i += 1) await sendRaw(to, 'NOT HTTP\r\n\r\n');
      vi.advanceTimersByTime(60_000);
      const lines = log.map((line) => JSON.parse(line) as { refused?: number; msg: string });
      const single = lines.filter((line) => line.msg === 'Refused before the app').length;
      expect(single).toBeLessThanOrEqual(20);
      expect(lines.filter((line) => line.refused).map((line) => line.refused)).toEqual([200 - single]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('slow clients', () => {
  test('a client that sends its headers slowly is cut off while others are served', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /blog HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
    const closed = new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
    });
    expect((await send('/healthz')).status).toBe(200);
    const received = await closed;
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});
