import { expect, isHydrated, test, waitForSettled, waitForIsland } from './fixtures/test.ts';

test('hashed assets are cached for a year; a missing one is a 404, never a page', async ({ request }) => {
  const html = await (await request.get('/blog')).text();
  const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const missing = await request.get('/assets/ConsultForm-missing.js');
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

test('the page’s one script tag is the loader, which fetches the form’s island when the form nears the screen', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/about');
  await waitForSettled(page);
  expect(scripts, 'the loader alone').toEqual([expect.stringMatching(/^\/assets\/boot-loader-[\w-]+\.js$/)]);
  await page.locator('#consult').scrollIntoViewIfNeeded();
  await waitForIsland(page, 'consult-form');
  expect(scripts.some((path) => /^\/assets\/ConsultForm-[\w-]+\.js$/.test(path))).toBe(true);
});

test.describe('a page whose island’s scripts are gone', () => {
  const island = /\/assets\/(?!boot-loader-)[\w-]+\.js$/;
  // A page from a cache can outlive the release whose scripts it names.
  test.use({ expectedFailedLoads: [island] });

  test('works as plain HTML, without an error', async ({ page }) => {
    await page.route(island, (route) => route.fulfill({ status: 404 }));
    await page.goto('/start-project');
    await page.waitForLoadState('networkidle');
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole('banner').getByRole('link', { name: 'Blog' }).first().click();
    await expect(page).toHaveURL('/blog');
  });
});
