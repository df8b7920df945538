import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { sitePages } from './fixtures/site-pages.ts';
import { expect, test, waitForSettled, waitForIsland } from './fixtures/test.ts';

// Every page of the route table, the form's page with a package chosen, and a post that ends with its package.
const routes = [
  ...sitePages.map((page) => page.path),
  '/start-project?plan=local-launch',
  '/blog/google-business-profile-newcastle',
];

/** The page's headings: one h1, first, and no level skipped on the way down. */
async function expectHeadingsInOrder(page: Page) {
  const levels = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName[1])),
  );
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0)
      expect(level, `heading ${index} jumps from h${levels[index - 1]}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
  });
}

// One load a page: its structure as the server sent it, then axe on the settled page at both widths.
test.describe('accessibility at 375 and 1280px', () => {
  for (const path of routes) {
    test(`${path} has one h1, headings in order, the landmarks and no axe-core violations`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto(path);
      await expectHeadingsInOrder(page);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await waitForSettled(page);
      // The form wakes as it nears the screen; the fallback replaces its placeholder once the (blocked) provider
      // fails: check the settled page.
      if (await page.locator('#consult').count()) {
        await page.locator('#consult').scrollIntoViewIfNeeded();
        await waitForIsland(page, 'consult-form');
      }
      await expect(page.locator('[data-form-status="loading"], [data-form-status="waiting"]')).toHaveCount(0);
      await expectNoAxeViolations(page);
      // The same page laid out for a desktop: what the wider layout shows (the header's links) is checked too.
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('document structure', () => {
  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await waitForSettled(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('focused controls show a visible outline', async ({ page }) => {
    await page.goto('/');
    await waitForSettled(page);
    const cta = page.getByRole('link', { name: 'Compare Plans' });
    await cta.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(cta).toBeFocused();
    await expect(cta).not.toHaveCSS('outline-style', 'none');
  });

  test('fade-ins are off under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('.fade-in').first()).toHaveCSS('animation-name', 'none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(page.locator('.fade-in').first()).toHaveCSS('animation-name', 'fade-in');
  });
});
