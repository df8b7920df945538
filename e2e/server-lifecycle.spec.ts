import { expect, test } from '@playwright/test';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../scripts/lib/server-process.ts';
import { e2eStoreFile } from './fixtures/store.ts';

// A server of its own (the suite's shared one must keep serving), from the same production build.
test.setTimeout(90_000);
test('SIGTERM during load finishes the requests in flight, then exits 0 within 10 s', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'lifecycle-'));
  const dataFile = path.join(directory, 'db.json');
  copyFileSync(e2eStoreFile, dataFile);
  const server = await startServer(
    { PORT: '4391', DATA_FILE: dataFile, RENDER_CACHE: 'off' },
    `${process.env.E2E_DIST ?? 'dist'}/server/server.js`,
  );
  const paths = ['/', '/blog', '/blog?page=2', '/faq', '/services', '/blog/google-business-profile-newcastle'];
  const connected: Promise<void>[] = [];
  const answers = Array.from(
    { length: 24 },
    (_, index) =>
      new Promise<{ status: number; complete: boolean }>((resolve) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: 4391, path: paths[index % paths.length], agent: false },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, complete: body.trimEnd().endsWith('</html>') }));
          },
        );
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
