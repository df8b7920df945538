import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BlogSource } from '../lib/blog-types.ts';
import { pino } from 'pino';
import { createHttpServer } from './http-server.server.ts';
import { createTestApp, testStore, writeTempStore } from '../../test-support/server.ts';

const run = promisify(execFile);
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

describe('a bad store stops the start', () => {
  test.each([
    ['missing', null, /^Cannot start: store .*db\.json: file not found$/],
    ['not JSON', '{"categories": [', /^Cannot start: store .*db\.json: not valid JSON/],
    [
      'the wrong shape',
      JSON.stringify({ categories: [{ id: 'one' }], posts: [] }),
      /^Cannot start: store .*db\.json: categories\[0\]\.id: /,
    ],
  ])(
    'a store that is %s stops with one line, exit 1, the file unchanged',
    async (_name, contents, message) => {
      const temp = writeTempStore(contents ?? '');
      cleanups.push(temp.remove);
      const file = contents === null ? temp.file.replace('db.json', 'missing/db.json') : temp.file;
      const before = contents === null ? null : readFileSync(file);
      const result = await run(process.execPath, ['--import', 'tsx', 'server.ts'], {
        env: { ...process.env, NODE_ENV: 'production', DATA_FILE: file, PORT: '3999' },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      if (before) expect(readFileSync(file).equals(before)).toBe(true);
    },
    30_000,
  );

  test('a bad configuration value stops with one line and exit 1', async () => {
    const result = await run(process.execPath, ['--import', 'tsx', 'server.ts'], {
      env: { ...process.env, PORT: 'eighty' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "eighty")',
    );
  }, 30_000);
});

async function appWithSource(wrapSource: (source: BlogSource) => BlogSource, env: Record<string, string> = {}) {
  const testApp = await createTestApp({ data: testStore(3), env, wrapSource });
  cleanups.push(testApp.close);
  return testApp.app;
}

describe('faults while serving', () => {
  // A browser's first request streams the page; a crawler's (supertest's own user agent is one) waits for it whole.
  test.each([
    ['on', 'a crawler'],
    ['on', 'a browser'],
    ['off', 'a crawler'],
    ['off', 'a browser'],
  ])(
    'an exception in a page component gives a 500 page and the next request succeeds (cache %s, %s)',
    async (cache, client) => {
      const userAgent = client === 'a browser' ? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0' : 'Googlebot/2.1';
      let broken = true;
      const app = await appWithSource(
        (source) => ({
          ...source,
          // A post without its category makes the post page throw while rendering.
          post: async (slug) =>
            broken ? ({ ...(await source.post(slug)), category: undefined } as never) : source.post(slug),
        }),
        { RENDER_CACHE: cache },
      );
      const failed = await request(app).get('/blog/post-1').set('User-Agent', userAgent).expect(500);
      expect(failed.text).toContain('Something went wrong');
      expect(failed.headers['cache-control']).toBe('no-store');
      broken = false;
      const next = await request(app).get('/blog/post-1').set('User-Agent', userAgent).expect(200);
      expect(next.text).toContain('Post 1');
    },
  );

  test('a failing API call answers 500 with a JSON error that no CDN may keep', async () => {
    const testApp = await createTestApp({ data: testStore(3) });
    cleanups.push(testApp.close);
    vi.spyOn(testApp.store.index, 'listPosts').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    const app = testApp.app;
    const failed = await request(app).get('/api/blog/posts').expect(500);
    expect(failed.body).toEqual({ error: 'Internal server error' });
    expect(failed.headers['cache-control']).toBe('no-store');
    await request(app).get('/api/blog/categories').expect(200);
  });

  test.each(['on', 'off'])('clients that disconnect mid-stream leave the server serving (cache %s)', async (cache) => {
    const app = await appWithSource((source) => source, { RENDER_CACHE: cache });
    const server = createHttpServer(app, {
      keepAliveTimeoutMs: 65_000,
      headers: {},
      logger: pino({ level: 'silent' }),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => server.close());
    const { port } = server.address() as AddressInfo;
    await Promise.all(
      Array.from(
        { length: 50 },
        () =>
          new Promise<void>((resolve) => {
            const req = httpRequest({ host: '127.0.0.1', port, path: '/blog' }, (res) => {
              res.once('data', () => {
                req.destroy();
                resolve();
              });
            });
            req.on('error', () => resolve());
            req.end();
          }),
      ),
    );
    const response = await fetch(`http://127.0.0.1:${port}/blog`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('</html>');
  });
});
