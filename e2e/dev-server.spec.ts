import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../scripts/lib/server-process.ts';
import { e2eStoreFile } from './fixtures/store.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { waitForHydration } from './fixtures/test.ts';

// `npm run dev` as a developer runs it: pages rendered from source on every request, hydrated without a warning.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ChildProcess;
let base = '';
let output = '';
const folders = tempFolders();

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  const dataFile = path.join(folders.make('dev-server-'), 'db.json');
  copyFileSync(e2eStoreFile, dataFile);
  server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_FILE: dataFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => server.exitCode ?? 0,
        ),
      { timeout: 120_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server?.exitCode === null && server.signalCode === null) {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  }
  folders.remove();
});

const post = JSON.parse(readFileSync(e2eStoreFile, 'utf8')) as { posts: { slug: string }[] };

for (const pagePath of ['/services', '/how-it-works', '/start-project', `/blog/${post.posts[0]!.slug}`, '/']) {
  test(`${pagePath} hydrates in development without a warning or an error`, async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await page.goto(base + pagePath);
    await waitForHydration(page);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(messages, output).toEqual([]);
  });
}

test('an edited component shows on the next request', async ({ page }) => {
  const file = 'src/components/Footer.tsx';
  const original = readFileSync(file, 'utf8');
  expect(original).toContain('All rights reserved.');
  try {
    await page.goto(`${base}/services`);
    await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.');
    writeFileSync(file, original.replace('All rights reserved.', 'Edited in development.'));
    await expect
      .poll(async () => (await (await fetch(`${base}/services`)).text()).includes('Edited in development.'), {
        timeout: 30_000,
      })
      .toBe(true);
  } finally {
    writeFileSync(file, original);
  }
});
