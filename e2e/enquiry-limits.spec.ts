import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { honeypotFieldName } from '../src/shared/page-contract.ts';
import { fillConsultForm, useTokenOldEnough } from './fixtures/enquiry-form.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The hourly limit, with JavaScript off, on a server of its own that accepts two enquiries an hour from one
 * address: bots at that address (posting with the trap filled) never use up its visitors' count, and the visitor
 * who does go over it gets back what they typed.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);
test.use({ javaScriptEnabled: false });

let site: RunningServer;
let enquiriesFile: string;
const folders = tempFolders();

test.beforeAll(async () => {
  const folder = folders.make('enquiry-limits-');
  enquiriesFile = path.join(folder, 'enquiries.json');
  site = await startServer(
    {
      PORT: String(await freePort()),
      DATA_FILE: 'data/db.json',
      ENQUIRIES_FILE: enquiriesFile,
      ENQUIRY_RATE_LIMIT: '2',
      HUBSPOT_PORTAL_ID: '',
      HUBSPOT_FORM_ID: '',
    },
    `${process.env.E2E_DIST ?? 'dist'}/server/server.js`,
  );
});

test.afterAll(async () => {
  await site?.stop();
  folders.remove();
});

/** Fills the consult form on /start-project as a visitor would (a bot fills the trap too) and sends it. */
async function send(page: Page, message: string, { bot = false } = {}) {
  await page.goto(`${site.url}/start-project`);
  const form = await fillConsultForm(page, {
    firstname: 'Jane',
    email: 'jane@example.com',
    company: 'Harbour & Co <Newcastle>',
    message,
  });
  if (bot) await page.locator(`input[name="${honeypotFieldName}"]`).fill('https://spam.example', { force: true });
  await useTokenOldEnough(page, enquiriesFile);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/enquiries')),
    form.getByRole('button', { name: 'Send my enquiry' }).click(),
  ]);
  return response;
}

test('posts that fill the bots’ trap never use up a visitor’s hourly count; the visitor over it keeps what they typed', async ({
  page,
}, testInfo) => {
  for (let i = 0; i < 2; i += 1) expect((await send(page, 'Cheap pills', { bot: true })).status()).toBe(303);
  for (let i = 0; i < 2; i += 1) {
    expect((await send(page, `Enquiry ${i + 1}`)).status()).toBe(303);
    await expect(page).toHaveURL(`${site.url}/thank-you`);
  }

  const refused = await send(page, 'A third one:\n<b>bold?</b> & "quotes"');
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(3000);
  await expect(page.getByRole('heading', { level: 1, name: 'Your enquiry was not sent' })).toBeVisible();
  await expect(page.getByText('Please call or email us instead.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you typed' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Jane');
  await expect(page.getByLabel('Email address')).toHaveValue('jane@example.com');
  await expect(page.getByLabel('Business name (optional)')).toHaveValue('Harbour & Co <Newcastle>');
  await expect(page.getByLabel('What do you need? (optional)')).toHaveValue('A third one:\n<b>bold?</b> & "quotes"');
  await expect(page.getByRole('button', { name: 'Send my enquiry' })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`refused-${width}.png`), fullPage: true });
  }
});
