import type { Page } from '@playwright/test';
import { e2eEnquiriesFile } from '../playwright.config.ts';
import { readEnquiryFile } from '../src/server/enquiries/file-store/enquiry-file.server.ts';
import {
  consultFields,
  consultForm,
  expectConsultValues,
  fillConsultForm,
  useTokenOldEnough,
  type ConsultValues,
} from './fixtures/enquiry-form.ts';
import { expect, test, waitForSettled, waitForStart } from './fixtures/test.ts';

// What a visitor types into the consult form is never lost: on every kind of way into the form (a link, followed
// while they type), Back and Forward, on a fast machine and on a slow phone.

const port = Number(process.env.E2E_PORT ?? 4173);
let count = 0;
/** Values no other test uses, so that this visitor's enquiry can be found in the store. */
function visitorValues(): ConsultValues {
  const id = `${process.pid}-${Date.now()}-${(count += 1)}`;
  return {
    firstname: `Jane${id}`,
    lastname: 'Citizen',
    email: `jane.${id}@example.com`,
    phone: '0412 345 678',
    company: 'Harbour Café',
    message: `More locals through the door, ${id}.`,
  };
}

/**
 * Every link into the form is a full page load, so what it does depends only on where it leads: its path and which
 * query parameters it names. The site's links into the form are of two kinds (the form's own page, and the form
 * naming a package); src/server/form-links.server.test.ts checks that every page's links are one of these. Each kind
 * is followed once, from a page that has a form of its own (typing starts in the old page's form while the next
 * one loads), with the link a visitor sees first there. Each package's own address, and the form naming its plan,
 * are tested with the packages (marketing.spec.ts).
 */
const kindsOfLink = [
  { kind: 'the form’s page', from: '/faq', href: '/start-project' },
  { kind: 'the form naming a package', from: '/services', href: '/start-project?plan=growth' },
] as const;

/** Whether the form's first field is within the window once the page has settled where a link lands. */
const inFirstScreen = (page: Page) =>
  consultForm(page)
    .getByLabel('First name', { exact: true })
    .evaluate((field) => {
      const { top, bottom } = field.getBoundingClientRect();
      return top >= 0 && bottom <= window.innerHeight;
    });

/**
 * Follows the link, typing into the form on screen at once, and checks every value where it ends. With `slowPhone`'s
 * switch, the tap and the next page's load happen on the slow phone.
 */
async function followTyping(
  page: Page,
  from: string,
  href: string,
  values: ConsultValues,
  slow?: (on: boolean) => Promise<void>,
) {
  await slow?.(false);
  await page.goto(from);
  await waitForSettled(page);
  // A new visitor: no draft, an empty form.
  await page.evaluate(() => {
    sessionStorage.clear();
    document.querySelector<HTMLFormElement>('form[action="/api/enquiries"]')?.reset();
  });
  await slow?.(true);
  const to = new URL(href, page.url()).href;
  await page.locator(`a[href="${href}"]`).filter({ visible: true }).first().click();
  await fillConsultForm(page, values);
  await expect(page).toHaveURL(to);
  await waitForSettled(page);
  await expectConsultValues(page, values);
}

/** Sends the form on screen and finds the enquiry stored with every value typed. */
async function sendAndFindStored(page: Page, values: ConsultValues) {
  await useTokenOldEnough(page);
  await consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeVisible();
  await expect
    .poll(async () => {
      const { enquiries } = await readEnquiryFile(e2eEnquiriesFile(port));
      const stored = enquiries.find((enquiry) => enquiry.email === values.email);
      return stored && Object.fromEntries(consultFields.map(([, name]) => [name, stored[name]]));
    })
    .toEqual(values);
}

/**
 * A phone's CPU (4× slower), and the site's scripts and pages arriving late, as on a slow connection, while the
 * returned switch is on: a step loads the link's page at full speed, then taps and loads the next page on the phone.
 */
async function slowPhone(page: Page): Promise<(on: boolean) => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  let slow = false;
  const late = (ms: number) => async (route: import('@playwright/test').Route) => {
    if (slow) await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  };
  await page.route(/\/assets\/.+\.js$/, late(600));
  await page.route((url) => url.port === String(port) && !/\.\w+$/.test(url.pathname), late(300));
  return async (on) => {
    slow = on;
    await session.send('Emulation.setCPUThrottlingRate', { rate: on ? 4 : 1 });
  };
}

for (const { kind, from, href } of kindsOfLink) {
  test(`a link to ${kind} (${href}) keeps what is typed while it loads, on a fast machine`, async ({ page }) => {
    // Where the link lands, followed without typing: the test's typing scrolls to each field it fills, and can do so
    // before the next page's stylesheet has arrived, on a layout no visitor sees.
    await page.goto(from);
    await page.locator(`a[href="${href}"]`).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(new URL(href, page.url()).href);
    await waitForSettled(page);
    expect(await inFirstScreen(page), 'the first field on the first screen').toBe(true);
    const values = visitorValues();
    await followTyping(page, from, href, values);
    await sendAndFindStored(page, values);
  });

  test(`a link to ${kind} (${href}) keeps what is typed while it loads, on a slow phone`, async ({ page }) => {
    test.setTimeout(90_000);
    // The slow phone's routes are in place from the start; they hold nothing back until it is switched on.
    const slow = await slowPhone(page);
    const values = visitorValues();
    await followTyping(page, from, href, values, slow);
    await sendAndFindStored(page, values);
  });
}

test.describe('a half-typed form', () => {
  const half = { firstname: 'Jane', email: 'jane@example.com', message: 'A new website.' };

  test('comes back with Back, Forward and a link to the form', async ({ page }) => {
    await page.goto('/faq');
    await waitForSettled(page);
    await fillConsultForm(page, half);
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Newcastle studio for Newcastle businesses');
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
    await expectConsultValues(page, half);
    await page.goForward();
    await expect(page).toHaveURL(/\/about$/);
    await expectConsultValues(page, half);
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
    await expect(page).toHaveURL(/\/start-project/);
    await expectConsultValues(page, half);
  });

  test('what is typed into the page before its scripts run wins over the draft', async ({ page }) => {
    await page.goto('/about');
    await waitForSettled(page);
    await fillConsultForm(page, half);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/boot-loader-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/services', { waitUntil: 'commit' });
    await fillConsultForm(page, { firstname: 'Ann' });
    release();
    await waitForSettled(page);
    await expectConsultValues(page, { ...half, firstname: 'Ann' });
  });

  test('on a page that is never idle, the draft goes in at the first focus, and leaving untouched keeps it', async ({
    page,
  }) => {
    await page.goto('/faq');
    await waitForSettled(page);
    await fillConsultForm(page, half);
    // The draft waits for the browser's first idle moment: here there is none.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.goto('/services');
    await waitForStart(page);
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await waitForStart(page);
    await expectConsultValues(page, { firstname: '', email: '', message: '' });
    await consultForm(page).getByLabel('Last name (optional)', { exact: true }).focus();
    await expectConsultValues(page, half);
  });

  test('the field being typed into keeps the focus on the next page', async ({ page }) => {
    await page.goto('/faq');
    await waitForSettled(page);
    await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
    await fillConsultForm(page, { email: 'jane@example.com' });
    await expect(page).toHaveURL(/\/start-project/);
    await waitForSettled(page);
    await expect(consultForm(page).getByLabel('Email address', { exact: true })).toBeFocused();
    await expect(consultForm(page).getByLabel('Email address', { exact: true })).toHaveValue('jane@example.com');
  });

  test('is gone once the enquiry is sent', async ({ page }) => {
    const values = visitorValues();
    await page.goto('/start-project');
    await waitForSettled(page);
    await fillConsultForm(page, values);
    await sendAndFindStored(page, values);
    await page.goto('/faq');
    await waitForSettled(page);
    await expectConsultValues(page, { firstname: '', email: '', message: '' });
  });

  test('a sent enquiry’s values come back with neither Back nor Forward, nor the browser’s own form restore', async ({
    page,
  }) => {
    const values = visitorValues();
    await page.goto('/faq');
    await waitForSettled(page);
    await fillConsultForm(page, values);
    await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
    await expect(page).toHaveURL(/\/start-project/);
    await waitForSettled(page);
    await expectConsultValues(page, values);
    await sendAndFindStored(page, values);
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
    await waitForSettled(page);
    await expectConsultValues(page, { firstname: '', email: '', message: '' });
    await page.goForward();
    await expect(page).toHaveURL(/\/start-project/);
    await waitForSettled(page);
    await expectConsultValues(page, { firstname: '', email: '', message: '' });
  });

  test.describe('without the page’s scripts', () => {
    test.use({ expectedFailedLoads: [/\/assets\/(?!boot-loader-)[\w-]+\.js$/] });

    test('is gone once a plain post (sent before the page’s scripts ran) lands on /thank-you', async ({ page }) => {
      // The form's island never wakes: it posts as plain HTML, and only the boot loader keeps the draft.
      await page.route(/\/assets\/(?!boot-loader-)[\w-]+\.js$/, (route) => route.abort());
      const values = visitorValues();
      await page.goto('/start-project');
      await fillConsultForm(page, values);
      await useTokenOldEnough(page);
      await consultForm(page).getByRole('button', { name: 'Send my enquiry' }).click();
      // Landed: /thank-you has loaded, and with it the loader that clears the draft.
      await page.waitForURL('/thank-you');
      await page.goto('/faq');
      await expectConsultValues(page, { firstname: '', email: '', message: '' });
      // Back past /thank-you to the page the form was sent from: the browser puts back what its fields held.
      await page.goBack();
      await page.goBack();
      await expect(page).toHaveURL('/start-project');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectConsultValues(page, { firstname: '', email: '', message: '' });
    });
  });
});
