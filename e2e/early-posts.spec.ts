import type { Page } from '@playwright/test';
import path from 'node:path';
import { e2eEnquiriesFile, ownFormPort } from '../playwright.config.ts';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { readEnquiryFile } from '../src/server/enquiries/file-store/enquiry-file.server.ts';
import { formTokenIssuedEarlier } from '../test-support/form-token.ts';
import { consultForm, fillConsultForm, useTokenOldEnough } from './fixtures/enquiry-form.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

// A visitor on a slow phone sends the form before the page's scripts have run: the server answers the plain post
// with a page (its errors, a refusal, or /thank-you), and the scripts that arrive afterwards hydrate that page as it
// is. Each test holds the site's scripts back, acts as the visitor, then lets the scripts through.

const ownFormSite = `http://localhost:${ownFormPort}`;
test.use({ baseURL: ownFormSite });
test.setTimeout(60_000);

const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });
const isEnquiryPost = (response: { url(): string; request(): { method(): string } }) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/enquiries';

/**
 * Holds every script of the site back until the returned function is called, on this page and the next ones (the
 * page's load then waits too: navigate with `waitUntil: 'commit'`).
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    // The page that asked for it may be gone by now (the post loaded the next one).
    await route.continue().catch(() => {});
  });
  return release;
}

/**
 * What a visitor sees of the page: its address, title, main text and every field's value, and what has focus; read
 * once its stylesheets apply (the text as shown depends on them: capitals, lines).
 */
const visible = async (page: Page) => {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
  );
  return page.evaluate(() => ({
    url: window.location.href,
    title: document.title,
    main: document.querySelector('main')?.innerText ?? document.body.innerText,
    values: [...document.querySelectorAll<HTMLInputElement>('input, textarea, select')].map((field) => field.value),
    focus: document.activeElement?.id ?? document.activeElement?.tagName,
    scrollY: Math.round(window.scrollY),
  }));
};

/** Waits until the page has stopped scrolling (in-page links scroll smoothly): ten frames in a row at one place. */
const scrollSettled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 10) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );

let sent = 0;
const uniqueEmail = () => `early.${process.pid}.${Date.now()}.${(sent += 1)}@example.com`;

async function storedWith(email: string, enquiriesFile = e2eEnquiriesFile(ownFormPort)) {
  const { enquiries } = await readEnquiryFile(enquiriesFile);
  return enquiries.filter((enquiry) => enquiry.email === email);
}

for (const { path: formPage, heading, title } of [
  { path: '/start-project', heading: 'Book your free 15-minute consult', title: /^Error: Book a Free Consult \|/ },
  { path: '/faq', heading: 'Frequently asked questions', title: /^Error: FAQ \|/ },
]) {
  test(`a post from ${formPage} answered with its errors before the scripts ran keeps its summary, values and focus once they run`, async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto(formPage, { waitUntil: 'commit' });
    await fillConsultForm(page, { email: 'jane@', company: 'Harbour Café' });
    await useTokenOldEnough(page);
    const [answer] = await Promise.all([
      page.waitForResponse(isEnquiryPost),
      consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await expect(page).toHaveURL(`${ownFormSite}/api/enquiries`);
    await expect(page).toHaveTitle(title);
    await expect(summary(page)).toBeFocused();
    // The visitor goes to the first problem and starts putting it right while the scripts are still on their way.
    await summary(page).getByRole('link', { name: 'Enter your first name' }).click();
    await fillConsultForm(page, { firstname: 'Jane' });
    await scrollSettled(page);
    const before = await visible(page);
    expect(before.focus).toBe('enquiry-firstname');

    release();
    await waitForSettled(page);
    expect(await visible(page)).toEqual(before);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(summary(page).getByRole('link')).toHaveText([
      'Enter your first name',
      'Enter an email address in the correct format, like name@example.com',
    ]);
    await expect(consultForm(page).getByLabel('Email address')).toHaveValue('jane@');
    await expect(consultForm(page).getByLabel('Business name (optional)')).toHaveValue('Harbour Café');
    await expect(consultForm(page).getByLabel('First name')).toBeFocused();

    // The page is live: corrected, it sends in place, and the enquiry names the page the form was on.
    const email = uniqueEmail();
    await fillConsultForm(page, { email });
    await useTokenOldEnough(page);
    await consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeVisible();
    await expect
      .poll(async () => (await storedWith(email)).map((enquiry) => enquiry.pageUri))
      .toEqual([expect.stringMatching(new RegExp(`${formPage}$`))]);
  });
}

test('after an error answer, Reload sends nothing more and Back finds what was typed', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/start-project', { waitUntil: 'commit' });
  const email = uniqueEmail();
  await fillConsultForm(page, { firstname: ' ', email });
  await useTokenOldEnough(page);
  await consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click();
  await expect(summary(page)).toBeFocused();
  release();
  await waitForSettled(page);
  await fillConsultForm(page, { firstname: 'Jane' });

  // Reload asks the server again with the same post, which is refused again: nothing is stored.
  await page.reload();
  await expect(summary(page)).toBeVisible();
  await expect(consultForm(page).getByLabel('First name')).toHaveValue('Jane');
  await expect(consultForm(page).getByLabel('Email address')).toHaveValue(email);
  await page.goBack();
  await expect(page).toHaveURL(`${ownFormSite}/start-project`);
  await expect(consultForm(page).getByLabel('First name')).toHaveValue('Jane');
  await expect(consultForm(page).getByLabel('Email address')).toHaveValue(email);
  expect(await storedWith(email)).toEqual([]);
});

test('a valid post sent before the scripts ran lands on /thank-you, which keeps its page and reports one lead', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/start-project', { waitUntil: 'commit' });
  const email = uniqueEmail();
  await fillConsultForm(page, { firstname: 'Jane', email });
  await useTokenOldEnough(page);
  const [answer] = await Promise.all([
    page.waitForResponse(isEnquiryPost),
    consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click(),
  ]);
  expect(answer.status()).toBe(303);
  await expect(page).toHaveURL(`${ownFormSite}/thank-you`);
  const before = await visible(page);
  release();
  await waitForSettled(page);
  expect(await visible(page)).toEqual(before);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is in');
  await expect
    .poll(() =>
      page.evaluate(
        () => window.dataLayer.filter((entry) => Array.from(entry as ArrayLike<unknown>)[1] === 'generate_lead').length,
      ),
    )
    .toBe(1);
  expect(await storedWith(email)).toHaveLength(1);
});

test.describe('over the hourly limit', () => {
  let site: RunningServer;
  let enquiriesFile: string;
  const folders = tempFolders();

  test.beforeAll(async () => {
    enquiriesFile = path.join(folders.make('early-posts-'), 'enquiries.json');
    site = await startServer(
      { PORT: String(await freePort()), ENQUIRIES_FILE: enquiriesFile, ENQUIRY_RATE_LIMIT: '1' },
      `${process.env.E2E_DIST ?? 'dist'}/server/server.js`,
    );
  });

  test.afterAll(async () => {
    await site?.stop();
    folders.remove();
  });

  test('a post answered 429 before the scripts ran stays the page the server sent once they run', async ({ page }) => {
    // This address's one enquiry this hour.
    const first = await page.request.post(`${site.url}/api/enquiries`, {
      form: { firstname: 'Ann', email: uniqueEmail(), form_token: await formTokenIssuedEarlier(enquiriesFile) },
      maxRedirects: 0,
    });
    expect(first.status()).toBe(303);

    const release = await holdScripts(page);
    await page.goto(`${site.url}/start-project`, { waitUntil: 'commit' });
    await fillConsultForm(page, { firstname: 'Jane', email: uniqueEmail() });
    await useTokenOldEnough(page, enquiriesFile);
    const [answer] = await Promise.all([
      page.waitForResponse(isEnquiryPost),
      consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click(),
    ]);
    expect(answer.status()).toBe(429);
    await expect(page).toHaveURL(`${site.url}/api/enquiries`);
    const before = await visible(page);
    expect(before.title).not.toMatch(/Page Not Found/);
    release();
    // Whatever scripts the page asked for have arrived and run.
    await page.waitForLoadState('networkidle');
    expect(await visible(page)).toEqual(before);
  });
});
