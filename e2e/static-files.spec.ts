import { expect, isHydrated, test, waitForHydration } from './fixtures/test.ts';

test('hashed assets are cached for a year; a missing one is a 404, never a page', async ({ request }) => {
  const html = await (await request.get('/blog')).text();
  const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const missing = await request.get('/assets/entry-client-missing.js');
  expect(missing.status()).toBe(404);
  const body = await missing.text();
  expect(body).toContain('Not found');
  expect(body, 'not a rendered page').not.toContain('boot-data');
});

test('featured images come in two smaller widths, and a copy not built yet falls back to the full size', async ({
  request,
}) => {
  for (const width of [480, 800]) {
    const image = await request.get(`/images/blog/google-business-profile-${width}.webp`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
  }
  const fallback = await request.get('/images/blog/not-built-yet-480.webp', { maxRedirects: 0 });
  expect(fallback.status()).toBe(302);
  expect(fallback.headers().location).toBe('/images/blog/not-built-yet.webp');
});

test('the page’s one script tag loads the entry and the route’s chunks, which hydrate it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/blog');
  await waitForHydration(page);
  expect(scripts[0], 'the loader comes first').toMatch(/^\/assets\/boot-loader-[\w-]+\.js$/);
  expect(scripts.some((path) => /^\/assets\/entry-client-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.some((path) => /^\/assets\/BlogPage-[\w-]+\.js$/.test(path))).toBe(true);
});

test.describe('a page whose scripts are gone', () => {
  const entry = /\/assets\/entry-client-[\w-]+\.js$/;
  // A page from a cache can outlive the release whose scripts it names.
  test.use({ expectedFailedLoads: [entry] });

  test('works as plain HTML, without an error', async ({ page }) => {
    await page.route(entry, (route) => route.fulfill({ status: 404 }));
    await page.goto('/blog');
    await page.waitForLoadState('networkidle');
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/blog?page=2#posts');
  });
});
