import type { Locator, Page } from '@playwright/test';
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startNodeServer, type RunningServer } from '../scripts/lib/server-process.ts';
import type { StoreData } from '../src/lib/store-schema.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { e2eStoreFile } from './fixtures/store.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

/**
 * The studio's details, testimonials and team are files it fills (src/content/business.ts, testimonials.ts,
 * team.ts). What the server renders from them, filled in or as shipped, is checked in Vitest
 * (src/server/studio-content*.server.test.ts, src/server/consult-path*.server.test.ts). Here, what only a browser
 * shows: where the person and a client's words stand on a phone and a desktop, and that a filled-in studio's pages
 * pass axe, served from source with the filled-in files (test-support/fixture-content/dev-server.ts) rather than a
 * second production build; and a byline's link scrolls to its writer's entry.
 */
const folders = tempFolders();
let filledIn: RunningServer | undefined;

const phone = { width: 375, height: 812 };

/** The consult section's parts whose order the visitor meets. */
function consultParts(page: Page) {
  const consult = page.locator('section#consult');
  const form = consult.getByRole('form', { name: 'Send us your details' });
  return {
    host: consult.getByTestId('consult-host'),
    firstField: form.getByLabel('First name'),
    // One copy stands in the form below 1024px, the other beside it from there.
    quote: consult.locator('figure:visible'),
    send: form.getByRole('button', { name: 'Send my enquiry' }),
    form,
  };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each one's box on the page, scrolled into view first (the consult section may be many screens down). */
async function boxes<T extends Locator[]>(...locators: T): Promise<{ [K in keyof T]: Box }> {
  const all: Box[] = [];
  for (const locator of locators) {
    await locator.scrollIntoViewIfNeeded();
    all.push(
      await locator.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
      }),
    );
  }
  return all as { [K in keyof T]: Box };
}

test.describe('with the studio’s details, testimonials and who takes the consults filled in', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const dataFile = path.join(folders.make('studio-content-'), 'db.json');
    copyFileSync(e2eStoreFile, dataFile);
    filledIn = await startNodeServer(
      ['--import', 'tsx', 'test-support/fixture-content/dev-server.ts'],
      {
        NODE_ENV: 'development',
        PORT: String(await freePort()),
        DATA_FILE: dataFile,
        BOOKING_URL: 'https://cal.com/studio/consult',
      },
      120_000,
    );
  });

  test.afterAll(async () => {
    await filledIn?.stop();
    folders.remove();
  });

  for (const path of ['/start-project', '/start-project?plan=growth', '/start-project?plan=local-launch'])
    test(`${path} at 375 × 812, with a booking link too: the heading, its promise with the choice to book, who the visitor will talk to and the first field within 600 px of the top, a client’s words above the button; it passes axe`, async ({
      page,
    }) => {
      await page.setViewportSize(phone);
      await page.goto(`${filledIn!.url}${path}`);
      const { host, firstField, quote, send } = consultParts(page);
      await expect(host).toContainText("You'll talk to Alex Morgan, Founder and strategist");
      for (const part of [
        page.getByRole('heading', { level: 1 }),
        page.getByText("We'll reply within 1 business day"),
        page.getByRole('link', { name: 'Prefer to pick a time now?' }),
        host,
        firstField,
      ])
        await expect(part).toBeInViewport({ ratio: 1 });
      expect((await firstField.boundingBox())!.y).toBeLessThanOrEqual(600);
      const [hostBox, fieldBox, quoteBox, sendBox] = await boxes(host, firstField, quote, send);
      expect(hostBox.y + hostBox.height).toBeLessThanOrEqual(fieldBox.y);
      expect(quoteBox.y + quoteBox.height).toBeLessThanOrEqual(sendBox.y);
      await waitForSettled(page);
      await expectNoAxeViolations(page);
    });

  test('the home page at 1280px: what clients say beside the packages, centred; the person above the first field and a client’s words beside the form; it passes axe', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(filledIn!.url);
    const packages = page.locator('section#services');
    await expect(packages.getByRole('heading', { name: 'What our clients say' })).toBeVisible();
    await expect(packages.locator('figure')).toHaveCount(3);
    await expect(page.getByRole('contentinfo')).toContainText('Harbour Marketing Pty Ltd · ABN 51 824 753 556');
    const { host, firstField, quote, form } = consultParts(page);
    const [hostBox, fieldBox, quoteBox, formBox] = await boxes(host, firstField, quote, form);
    expect(hostBox.y + hostBox.height).toBeLessThanOrEqual(fieldBox.y);
    expect(quoteBox.x + quoteBox.width).toBeLessThan(formBox.x);
    expect(quoteBox.y).toBeLessThan(formBox.y + formBox.height);
    await waitForSettled(page);
    await expectNoAxeViolations(page);
  });
});

test('with the seeded content, a post’s byline leads to its writer’s entry among the blog’s writers', async ({
  page,
}) => {
  const seeded = JSON.parse(readFileSync(e2eStoreFile, 'utf8')) as StoreData;
  const post = seeded.posts.find((entry) => entry.author === 'james-nguyen' && entry.publishedAt !== null)!;
  await page.goto(`/blog/${post.slug}`);
  await page.getByRole('link', { name: 'James Nguyen' }).click();
  await expect(page).toHaveURL('/blog#team-james-nguyen');
  await expect(page.locator('#team-james-nguyen')).toBeInViewport();
  await expect(page.locator('#team-james-nguyen')).toContainText('James writes our guides to local SEO');
});
