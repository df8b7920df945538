import { expect, test } from '@playwright/test';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startNodeServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { e2eStoreFile } from './fixtures/store.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { waitForSettled } from './fixtures/test.ts';

// `npm run dev` as a developer runs it: pages rendered from source on every request, hydrated without a warning.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let base = '';
const folders = tempFolders();

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataFile = path.join(folders.make('dev-server-'), 'db.json');
  copyFileSync(e2eStoreFile, dataFile);
  server = await startNodeServer(
    ['--import', 'tsx', 'server.ts'],
    { NODE_ENV: 'development', PORT: String(await freePort()), DATA_FILE: dataFile },
    120_000,
  );
  base = server.url;
});

test.afterAll(async () => {
  await server?.stop();
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
    await waitForSettled(page);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(messages, server?.output()).toEqual([]);
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
