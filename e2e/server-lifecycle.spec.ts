import { expect, test } from '@playwright/test';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { e2eStoreFile } from './fixtures/store.ts';
import { tempFolders } from './fixtures/temp-folders.ts';

// A server of its own (the suite's shared one must keep serving), from the same production build.
test.setTimeout(180_000);
const serverScript = `${process.env.E2E_DIST ?? 'dist'}/server/server.js`;
const folders = tempFolders();
// The tests stop their own servers.
test.afterAll(() => folders.remove());

function copyOfStore(): string {
  const dataFile = path.join(folders.make('lifecycle-'), 'db.json');
  copyFileSync(e2eStoreFile, dataFile);
  return dataFile;
}

test('SIGTERM during load finishes the requests in flight, then exits 0 within 10 s', async () => {
  const port = await freePort();
  const server = await startServer({ PORT: String(port), DATA_FILE: copyOfStore(), RENDER_CACHE: 'off' }, serverScript);
  const paths = ['/', '/blog', '/blog?page=2', '/faq', '/services', '/blog/google-business-profile-newcastle'];
  const connected: Promise<void>[] = [];
  const answers = Array.from(
    { length: 24 },
    (_, index) =>
      new Promise<{ status: number; complete: boolean }>((resolve) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: paths[index % paths.length], agent: false }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, complete: body.trimEnd().endsWith('</html>') }));
        });
        req.on('error', () => resolve({ status: 0, complete: false }));
        connected.push(new Promise((ready) => req.on('socket', (socket) => socket.on('connect', () => ready()))));
        req.end();
      }),
  );
  await Promise.all(connected);
  const stoppedAt = Date.now();
  const exit = server.stop();
  const results = await Promise.all(answers);
  expect(results).toEqual(results.map(() => ({ status: 200, complete: true })));
  expect(await exit).toBe(0);
  expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  expect(server.output()).toContain('SIGTERM received: finishing requests in flight');
});

function workersOf(server: RunningServer): () => number[] {
  const primary = server.process.pid!;
  return () =>
    readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

test('WEB_CONCURRENCY=2 serves from two worker processes and replaces one that dies', async () => {
  const server = await startServer(
    { PORT: String(await freePort()), DATA_FILE: copyOfStore(), WEB_CONCURRENCY: '2' },
    serverScript,
  );
  const workers = workersOf(server);
  await expect.poll(workers).toHaveLength(2);
  // Both are listening (a worker that dies before it listens stops the server: it would fail again).
  await expect.poll(() => server.output().match(/Serving .* on http/g)?.length ?? 0).toBe(2);
  const [dead] = workers();
  process.kill(dead!, 'SIGKILL');
  await expect.poll(() => workers().length === 2 && !workers().includes(dead!), { timeout: 15_000 }).toBe(true);
  for (const path of ['/', '/blog', '/blog?page=2', '/api/blog/posts', '/sitemap.xml', '/'])
    expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
  expect(server.output()).toContain(`Worker ${dead} exited with signal SIGKILL; starting another`);
  expect(await server.stop()).toBe(0);
});

test('a bad store edit and a dead worker: the site keeps serving its last good data, then the fixed store', async () => {
  const dataFile = copyOfStore();
  const good = JSON.parse(readFileSync(dataFile, 'utf8')) as { posts: { slug: string; title: string }[] };
  const server = await startServer(
    { PORT: String(await freePort()), DATA_FILE: dataFile, WEB_CONCURRENCY: '2' },
    serverScript,
  );
  const workers = workersOf(server);
  await expect.poll(() => server.output().match(/Serving .* on http/g)?.length ?? 0).toBe(2);
  const post = good.posts[0]!;
  const health = async () => (await (await fetch(`${server.url}/healthz`)).json()) as { status: string };

  writeFileSync(dataFile, '{"categories": [');
  // Every worker has seen the bad edit (each says so in the log) before one of them is killed.
  await expect.poll(() => server.output().match(/keeping the last good data: .*not valid JSON/g)?.length ?? 0).toBe(2);
  const [dead] = workers();
  process.kill(dead!, 'SIGKILL');
  await expect.poll(() => workers().length === 2 && !workers().includes(dead!), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => server.output().match(/Serving .* on http/g)?.length ?? 0, { timeout: 15_000 }).toBe(3);
  expect(server.process.exitCode).toBeNull();
  // Enough requests to reach both workers, the replacement among them.
  for (let i = 0; i < 8; i += 1) {
    const page = await fetch(`${server.url}/blog/${post.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(post.title);
    expect(await health()).toMatchObject({ status: 'degraded', reason: expect.stringContaining('not valid JSON') });
  }

  writeFileSync(
    dataFile,
    JSON.stringify({ ...good, posts: good.posts.map((p) => ({ ...p, title: `${p.title} (fixed)` })) }),
  );
  await expect
    .poll(async () => (await Promise.all(Array.from({ length: 8 }, health))).every((h) => h.status === 'ok'))
    .toBe(true);
  for (let i = 0; i < 8; i += 1) {
    expect(await (await fetch(`${server.url}/blog/${post.slug}`)).text()).toContain(`${post.title} (fixed)`);
  }
  expect(await server.stop()).toBe(0);
});

/** The idle time the server announces for a kept-alive connection (Node closes it then). */
function keepAliveTimeout(port: number): Promise<string | undefined> {
  const agent = new Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
      res.resume();
      res.on('end', () => {
        agent.destroy();
        resolve(res.headers['keep-alive']?.toString());
      });
    });
    req.on('error', reject);
    req.end();
  });
}

test('an idle connection is kept longer than a load balancer keeps its own: 65 s, or KEEP_ALIVE_TIMEOUT_SECONDS', async () => {
  const byDefault = await startServer({ PORT: String(await freePort()), DATA_FILE: copyOfStore() }, serverScript);
  const longer = await startServer(
    { PORT: String(await freePort()), DATA_FILE: copyOfStore(), KEEP_ALIVE_TIMEOUT_SECONDS: '120' },
    serverScript,
  );
  try {
    expect(await keepAliveTimeout(Number(new URL(byDefault.url).port))).toBe('timeout=65');
    expect(await keepAliveTimeout(Number(new URL(longer.url).port))).toBe('timeout=120');
  } finally {
    await Promise.all([byDefault.stop(), longer.stop()]);
  }
});
