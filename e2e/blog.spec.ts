import { e2eStore, hostileSlug, hostileTitle, publicPosts as publicPostsOf } from './fixtures/store.ts';
import { progressBars, progressBarsShownByLastPage, recordProgressBars } from './fixtures/accessibility-tree.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

const store = e2eStore();
const now = Date.now();
const publicPosts = publicPostsOf(store, now);
const pages = Math.ceil(publicPosts.length / 6);
const [newest] = publicPosts;
const localSeo = store.categories.find((category) => category.slug === 'local-seo');

test.describe('blog list', () => {
  test('shows the six newest posts with image, category, title, summary, date and read link', async ({
    page,
    apiRequests,
  }) => {
    await page.goto('/blog');
    await waitForSettled(page);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(6);
    const first = cards.first();
    await expect(first.getByRole('heading', { name: newest!.title })).toBeVisible();
    await expect(first.locator('img')).toHaveAttribute('width', '1200');
    await expect(first.getByText(newest!.summary)).toBeVisible();
    const date = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Sydney' }).format(
      new Date(newest!.publishedAt),
    );
    await expect(first.getByText(date)).toBeVisible();
    await expect(first.getByText('Read article')).toBeVisible();
    expect(apiRequests, 'the first load uses the server’s data').toEqual([]);
  });

  test('Previous is disabled on page 1 and Next on the last page', async ({ page }) => {
    await page.goto('/blog');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    await expect(pagination.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/blog?page=2#posts');
    await page.goto(`/blog?page=${pages}`);
    await expect(pagination.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    await expect(pagination.getByRole('link', { name: 'Previous' })).toBeVisible();
    await expect(pagination.getByRole('link', { name: `Page ${pages}` })).toHaveAttribute('aria-current', 'page');
  });

  test('at 375px Next never stands alone on a line: Previous and Next share one, under the page numbers', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/blog?page=2');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    const [previous, next, numbers] = await Promise.all([
      nav.getByRole('link', { name: 'Previous' }).boundingBox(),
      nav.getByRole('link', { name: 'Next' }).boundingBox(),
      nav.getByRole('list').boundingBox(),
    ]);
    expect(Math.round(next!.y)).toBe(Math.round(previous!.y));
    expect(numbers!.y + numbers!.height).toBeLessThanOrEqual(next!.y);
  });

  test('choosing a category filters the list, resets to page 1 and keeps the state in the URL', async ({ page }) => {
    await page.goto('/blog?page=2');
    await waitForSettled(page);
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /Local SEO/ })
      .click();
    await expect(page).toHaveURL('/blog?category=local-seo#posts');
    const expected = publicPosts.filter((post) => post.categoryId === localSeo!.id);
    await expect(page.getByRole('article')).toHaveCount(expected.length);
    await expect(page.getByRole('heading', { level: 1, name: 'Local SEO' })).toBeVisible();
    const counts = page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: /Local SEO/ });
    await expect(counts).toContainText(String(expected.length));
  });

  test('paging and filtering work with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog');
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/blog?page=2#posts');
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /Paid Ads/ })
      .click();
    await expect(page).toHaveURL('/blog?category=paid-ads#posts');
    await expect(page.getByRole('article').first()).toBeVisible();
    await context.close();
  });

  test('an unknown category says it does not exist and offers View all posts', async ({ page }) => {
    const response = await page.goto('/blog?category=no-such-category');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('This category does not exist.')).toBeVisible();
    await expect(page.getByText(/No posts found|no articles here yet/)).toHaveCount(0);
    await page.getByRole('link', { name: 'View all posts' }).click();
    await expect(page).toHaveURL('/blog#posts');
  });

  test('pages past the last and unknown categories answer 404 with one page each, whose scripts ask nothing', async ({
    page,
    apiRequests,
  }) => {
    // The page never names the number or the unknown category asked for: one page answers them all.
    for (const [path, title, message] of [
      [`/blog?page=${pages + 1}`, 'Page not found – Blog', 'This page does not exist.'],
      ['/blog?page=999', 'Page not found – Blog', 'This page does not exist.'],
      ['/blog?category=local-seo&page=40', `Page not found – ${localSeo!.name} articles`, 'This page does not exist.'],
      ['/blog?category=no-such-category&page=3', 'Category not found', 'This category does not exist.'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await waitForSettled(page);
      await expect(page.getByRole('heading', { level: 2, name: message })).toBeVisible();
      expect((await page.title()).split(' | ')[0], path).toBe(title);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
    expect(apiRequests, 'the server’s answer serves each address').toEqual([]);
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`the page and category links land on the posts, at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await recordProgressBars(page);
      await page.goto('/blog');
      // Each page arrives a moment late, as on a slow connection: the progress bar shows meanwhile.
      await page.route(
        (url) => url.pathname === '/blog',
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await route.continue();
        },
      );
      const postsInView = async () => {
        await expect(page.getByRole('article').first()).toBeInViewport();
        await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
        expect(await progressBarsShownByLastPage(page)).toEqual(['Loading the page']);
        await expect.poll(() => progressBars(page)).toEqual([]);
      };
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await pagination.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL('/blog?page=2#posts');
      await postsInView();
      await pagination.getByRole('link', { name: 'Previous' }).click();
      await expect(page).toHaveURL('/blog#posts');
      await postsInView();
      await pagination.getByRole('link', { name: 'Page 2' }).click();
      await expect(page).toHaveURL('/blog?page=2#posts');
      await postsInView();
      await page
        .getByRole('navigation', { name: 'Categories' })
        .getByRole('link', { name: /Local SEO/ })
        .click();
      await expect(page).toHaveURL('/blog?category=local-seo#posts');
      await postsInView();
    });
  }
});

test.describe('blog post', () => {
  test('shows breadcrumb, meta, rendered body, share links and related articles from the first HTML', async ({
    page,
    apiRequests,
  }) => {
    const post = newest!;
    await page.goto(`/blog/${post.slug}`);
    await waitForSettled(page);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    await expect(breadcrumb.getByText(post.title)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page.getByText(/\d+ min read/)).toBeVisible();
    await expect(page.locator('.prose-post h2').first()).toHaveAttribute('id', /.+/);
    const url = encodeURIComponent(new URL(`/blog/${post.slug}`, page.url()).href);
    await expect(page.getByRole('link', { name: /Share on X/ })).toHaveAttribute(
      'href',
      new RegExp(`twitter\\.com/intent/tweet\\?url=${url}`),
    );
    await expect(page.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute(
      'href',
      new RegExp(`facebook\\.com/sharer/sharer\\.php\\?u=${url}`),
    );
    await expect(page.getByRole('link', { name: /Share on LinkedIn/ })).toHaveAttribute(
      'href',
      new RegExp(`linkedin\\.com/sharing/share-offsite/\\?url=${url}`),
    );
    const related = page.getByRole('region', { name: 'Related articles' });
    const relatedCards = related.getByRole('article');
    await expect(relatedCards).toHaveCount(3);
    await expect(related.getByRole('heading', { name: post.title })).toHaveCount(0);
    expect(apiRequests).toEqual([]);
  });

  test('a post’s related articles come from its own category first, newest first, then the newest others', async ({
    page,
  }) => {
    // A post whose category has fewer than three other posts shows both kinds.
    const categoryOf = (post: (typeof publicPosts)[number]) => post.categoryId;
    const post = publicPosts.find(
      (candidate) => publicPosts.filter((other) => categoryOf(other) === categoryOf(candidate)).length < 4,
    )!;
    const sameCategory = publicPosts.filter((other) => other !== post && categoryOf(other) === categoryOf(post));
    const others = publicPosts.filter((other) => categoryOf(other) !== categoryOf(post));
    const expected = [...sameCategory, ...others].slice(0, 3);
    expect(sameCategory.length, 'the post’s category has other posts').toBeGreaterThan(0);
    const categoryName = (categoryId: number) => store.categories.find((category) => category.id === categoryId)!.name;

    await page.goto(`/blog/${post.slug}`);
    await waitForSettled(page);
    const cards = page.getByRole('region', { name: 'Related articles' }).getByRole('article');
    await expect(cards.getByRole('heading')).toHaveText(expected.map((related) => related.title));
    for (const [index, related] of expected.entries())
      await expect(cards.nth(index)).toContainText(categoryName(related.categoryId));
    await expect(cards.nth(0)).toContainText(categoryName(post.categoryId));
  });

  test('an unknown slug answers 404 with Blog Post Not Found and a way back', async ({ page }) => {
    const response = await page.goto('/blog/this-post-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await waitForSettled(page);
    await page.getByRole('link', { name: 'Go Back to Blog' }).click();
    await expect(page).toHaveURL('/blog');
  });

  test('missing posts share one cached page that shows as each address’s own, its scripts asking nothing', async ({
    page,
    apiRequests,
  }) => {
    for (const slug of ['first-missing-post', 'second-missing-post']) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await waitForSettled(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible();
    }
    expect(apiRequests, 'the server’s answer serves each address').toEqual([]);
  });

  test('a title holding </script><script> is shown as text and never runs', async ({ page }) => {
    await page.goto(`/blog/${hostileSlug}`);
    await waitForSettled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostileTitle);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await expect(page.locator('.prose-post script')).toHaveCount(0);
    await expect(page.locator('.prose-post a[href^="javascript"]')).toHaveCount(0);
  });
});
