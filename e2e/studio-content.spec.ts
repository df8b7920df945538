import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startNodeServer, type RunningServer } from '../scripts/lib/server-process.ts';
import type { StoreData } from '../src/lib/store-schema.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { e2eStoreFile } from './fixtures/store.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { expect, test, waitForHydration } from './fixtures/test.ts';

/**
 * The studio's details, testimonials and team are files it fills (src/content/business.ts, testimonials.ts,
 * team.ts). What the server renders from them, filled in or as shipped, is checked in Vitest
 * (src/server/studio-content*.server.test.ts). Here, what only a browser shows: a filled-in studio's page hydrates
 * and passes axe, served from source with the filled-in files (test-support/fixture-content/dev-server.ts) rather
 * than a second production build; and a byline's link scrolls to its writer's entry.
 */
const folders = tempFolders();
let filledIn: RunningServer | undefined;

test.describe('with the studio’s details, testimonials and no team filled in', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const dataFile = path.join(folders.make('studio-content-'), 'db.json');
    copyFileSync(e2eStoreFile, dataFile);
    filledIn = await startNodeServer(
      ['--import', 'tsx', 'test-support/fixture-content/dev-server.ts'],
      { NODE_ENV: 'development', PORT: String(await freePort()), DATA_FILE: dataFile },
      120_000,
    );
  });

  test.afterAll(async () => {
    await filledIn?.stop();
    folders.remove();
  });

  test('the home page shows what clients say beside the packages and near the form, hydrates and passes axe', async ({
    page,
  }) => {
    await page.goto(filledIn!.url);
    await waitForHydration(page);
    const packages = page.locator('section#services');
    await expect(packages.getByRole('heading', { name: 'What our clients say' })).toBeVisible();
    await expect(packages.locator('figure')).toHaveCount(3);
    await expect(page.locator('section#consult figure')).toContainText('Mia Chen');
    await expect(page.getByRole('contentinfo')).toContainText('Harbour Marketing Pty Ltd · ABN 51 824 753 556');
    await expectNoAxeViolations(page);
  });
});

test('with the seeded content, a post’s byline leads to its writer’s entry on /about', async ({ page }) => {
  const seeded = JSON.parse(readFileSync(e2eStoreFile, 'utf8')) as StoreData;
  const post = seeded.posts.find((entry) => entry.author === 'james-nguyen' && entry.publishedAt !== null)!;
  await page.goto(`/blog/${post.slug}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'James Nguyen' }).click();
  await expect(page).toHaveURL('/about#team-james-nguyen');
  await expect(page.locator('#team-james-nguyen')).toBeInViewport();
  await expect(page.locator('#team-james-nguyen')).toContainText('James writes our guides to local SEO');
});
