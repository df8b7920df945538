import type { Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import path from 'node:path';
import { generate } from 'selfsigned';
import sharp from 'sharp';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import type { StoredPost } from '../src/lib/store-schema.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { e2eStore, publicPosts } from './fixtures/store.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

// A site whose featured images all live on an image CDN: a local stand-in that answers over https (the CSP allows
// images from https: only), with a self-signed certificate the browser is told to accept.
test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const serverScript = `${process.env.E2E_DIST ?? 'dist'}/server/server.js`;
const longUrl = `https://www.example.com/${'very-long-path-segment-'.repeat(8)}end?utm_source=newsletter&utm_medium=email`;
const videoPost = 'local-seo-tradies-near-me-searches';
const tablePost = 'measuring-ad-roi-small-business';
const imagesPost = 'website-speed-mobile-local-business';

let cdn: Server;
let cdnOrigin: string;
const cdnRequests: string[] = [];
let site: RunningServer;
const folders = tempFolders();

function stressPost(id: number, base: StoredPost): StoredPost {
  const cells = Array.from({ length: 12 }, (_, index) => `Column ${index + 1}`);
  return {
    ...base,
    id,
    slug: 'wide-things-on-a-small-screen',
    title: 'Wide things on a small screen',
    publishedAt: '2019-01-01T00:00:00.000Z',
    createdAt: '2019-01-01T00:00:00.000Z',
    content: [
      'A long link: ' + longUrl,
      '',
      `A long word: ${'Supercalifragilistic'.repeat(6)}.`,
      '',
      `| ${cells.join(' | ')} |`,
      `|${cells.map(() => '---').join('|')}|`,
      `| ${cells.map((cell) => `${cell} value that is fairly long`).join(' | ')} |`,
      '',
      '```js',
      `const address = '${longUrl}'; // ${'and a long comment '.repeat(6)}`,
      '```',
      '',
      '- A list',
      '  - nested once',
      '    - nested twice with a long word ' + 'Newcastle'.repeat(8),
      '',
      `![A photo on the CDN](${cdnOriginPlaceholder}/body/team.jpg "A remote image with a caption")`,
      '',
      '[How Search Works, from Google](https://www.youtube.com/watch?v=BNHR6IQJGZs)',
      '',
    ].join('\n'),
  };
}
const cdnOriginPlaceholder = 'https://cdn.placeholder';

test.beforeAll(async () => {
  // A 1600×1000 photo: not the 1200×630 box's ratio, so a box that followed the image would show it as a shift.
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#0f5f78' } })
    .jpeg()
    .toBuffer();
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  cdn = createHttpsServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    cdnRequests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=3600' }).end(photo);
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  cdnOrigin = `https://127.0.0.1:${(cdn.address() as { port: number }).port}`;

  const store = e2eStore();
  const nextId = Math.max(...store.posts.map((post) => post.id)) + 1;
  store.posts.push(stressPost(nextId, store.posts[0]!));
  for (const post of store.posts) {
    post.featuredImage = `${cdnOrigin}/photos/${post.slug}.jpg?w=1600&q=80`;
    post.content = post.content.replaceAll(cdnOriginPlaceholder, cdnOrigin);
  }
  const dataFile = path.join(folders.make('post-media-'), 'db.json');
  writeFileSync(dataFile, JSON.stringify(store));
  site = await startServer({ PORT: String(await freePort()), DATA_FILE: dataFile }, serverScript);
});

test.afterAll(async () => {
  await site?.stop();
  folders.remove();
  await new Promise((resolve) => cdn?.close(resolve));
});

/** Records CSP violations and layout shifts from the page's first moment. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const seen = { csp: [] as string[], shifts: [] as number[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.csp.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __seen: { csp: string[]; shifts: number[] } }).__seen);

/** Waits until every image the page has started loading has arrived (or failed). */
async function imagesSettled(page: Page) {
  await page.waitForFunction(() =>
    [...document.images].filter((img) => img.loading !== 'lazy' || img.currentSrc).every((img) => img.complete),
  );
}

for (const width of [375, 1280]) {
  test(`at ${width} px, a store of CDN-hosted featured images lists and renders them: no CSP violation, no shift`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await watchPage(page);
    const store = e2eStore();
    const newest = publicPosts(store)[0]!;
    for (const path of ['/', '/blog', `/blog/${newest.slug}`, `/blog/${imagesPost}`]) {
      await page.goto(`${site.url}${path}`);
      await waitForSettled(page);
      await imagesSettled(page);
      const featured = page.locator(`img[src^="${cdnOrigin}/photos/"]`).first();
      if (path === '/') {
        await expect(featured, 'the home page shows no posts').toHaveCount(0);
      } else {
        await expect(featured, path).toBeVisible();
        expect(await featured.evaluate((img: HTMLImageElement) => img.naturalWidth), path).toBe(1600);
        expect(await featured.evaluate((img: HTMLImageElement) => img.srcset), path).toBe('');
        const box = await featured.boundingBox();
        expect(Math.abs(box!.width / box!.height - 1200 / 630), path).toBeLessThan(0.01);
      }
      // Everything below the first screen, lazy images included, arrives without moving anything. The home page
      // shows no post images; its later sections' placeholder heights are guarded by perf-guards.spec.ts.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await imagesSettled(page);
      const { csp, shifts } = await seen(page);
      expect(csp, path).toEqual([]);
      if (path !== '/') expect(shifts, path).toEqual([]);
    }
    expect(cdnRequests.some((url) => url.startsWith('/photos/'))).toBe(true);
  });
}

test('body images: local ones sized with their copies, a caption as a figure, a remote one lazily', async ({
  page,
}) => {
  await watchPage(page);
  await page.goto(`${site.url}/blog/${imagesPost}`);
  const body = page.locator('.prose-post');
  const chartName = /Bar chart: the homepage weighed 12.4 MB/;
  const chart = body.getByRole('img', { name: chartName });
  await expect(chart).toHaveAttribute('width', '1200');
  await expect(chart).toHaveAttribute('height', '750');
  await expect(chart).toHaveAttribute('loading', 'lazy');
  await expect(chart).toHaveAttribute('srcset', /-480\.webp 480w, .*-800\.webp 800w, .*\.webp 1200w$/);
  await expect(body.getByRole('figure').filter({ has: page.getByRole('img', { name: chartName }) })).toContainText(
    'The same homepage before and after',
  );
  await chart.scrollIntoViewIfNeeded();
  await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto(`${site.url}/blog/wide-things-on-a-small-screen`);
  const remote = page.locator('.prose-post').getByRole('img', { name: 'A photo on the CDN' });
  await expect(remote).toHaveAttribute('loading', 'lazy');
  await remote.scrollIntoViewIfNeeded();
  await expect.poll(() => remote.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  await expect(
    page.getByRole('figure').filter({ has: page.getByRole('img', { name: 'A photo on the CDN' }) }),
  ).toContainText('A remote image with a caption');
  expect((await seen(page)).csp).toEqual([]);
});

test('the video facade loads nothing from the video host until it is clicked, then plays in place', async ({
  page,
}) => {
  await watchPage(page);
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (/youtube|ytimg|googlevideo|vimeo/.test(new URL(request.url()).hostname)) videoRequests.push(request.url());
  });
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>The player</p>' }),
  );
  await page.goto(`${site.url}/blog/${videoPost}`);
  await waitForSettled(page);
  const facade = page.getByRole('link', { name: /How Search Works, from Google.*Play video · YouTube/ });
  await facade.scrollIntoViewIfNeeded();
  await expect(facade).toBeVisible();
  await expect(facade).toHaveAttribute('href', 'https://www.youtube.com/watch?v=BNHR6IQJGZs');
  const before = await facade.boundingBox();
  expect(videoRequests).toEqual([]);

  await facade.click();
  const player = page.locator('.prose-post iframe[title="How Search Works, from Google"]');
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/BNHR6IQJGZs?autoplay=1');
  await expect(player.contentFrame().getByText('The player')).toBeVisible();
  expect(videoRequests).toEqual(['https://www.youtube-nocookie.com/embed/BNHR6IQJGZs?autoplay=1']);
  expect(await player.boundingBox()).toEqual(before);
  await expect(player).toBeFocused();
  expect((await seen(page)).csp).toEqual([]);
});

test('the video facade plays with the keyboard (Space, as on a button), and stays a link without JavaScript', async ({
  page,
  browser,
}) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.goto(`${site.url}/blog/${videoPost}`);
  await waitForSettled(page);
  const facade = page.getByRole('link', { name: /How Search Works, from Google/ });
  await facade.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('.prose-post iframe')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/BNHR6IQJGZs/);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto(`${site.url}/blog/${videoPost}`);
  await expect(noScript.getByRole('link', { name: /How Search Works, from Google/ })).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=BNHR6IQJGZs',
  );
  await expect(noScript.locator('iframe')).toHaveCount(0);
  await context.close();
});

test('nothing scrolls sideways at 375 px; a wide table and long code scroll inside their own box', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const paths = ['/', '/blog', `/blog/${tablePost}`, `/blog/${imagesPost}`, `/blog/${videoPost}`];
  for (const path of [...paths, '/blog/wide-things-on-a-small-screen']) {
    await page.goto(`${site.url}${path}`);
    await waitForSettled(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  const table = page.getByRole('region', { name: /^Table: Column 1, Column 2/ });
  expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  const code = page.locator('.prose-post pre');
  expect(await code.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  const link = page.getByRole('link', { name: longUrl.replace(/&/g, '&') });
  expect((await link.boundingBox())!.width).toBeLessThanOrEqual(375);
});

test('posts with a table, code, figures and a video facade have no axe-core violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of [`/blog/${tablePost}`, `/blog/${imagesPost}`, `/blog/${videoPost}`]) {
    await page.goto(`${site.url}${path}`);
    await waitForSettled(page);
    await expectNoAxeViolations(page, { include: '.prose-post' });
  }
});
