import type { Page, Request } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { useTokenOldEnough } from './fixtures/enquiry-form.ts';
import { expect, test, waitForHydration } from './fixtures/test.ts';
import { htmlErrors } from './fixtures/vnu.ts';

/**
 * "Book a time": two production servers with the site's own form, one with BOOKING_URL and one without. The link
 * shows on /thank-you and in the form's in-place success only with it, is a plain link, and nothing is fetched from
 * the booking host before the visitor clicks it.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const serverScript = `${process.env.E2E_DIST ?? 'dist'}/server/server.js`;
const bookingUrl = 'https://cal.com/newcastle-studio/free-consult';
const bookingHost = new URL(bookingUrl).host;
const label = 'Choose a time for your free consult';

let withBooking: RunningServer;
let withoutBooking: RunningServer;
/** Documents to pass the Nu Html Checker, collected by the tests and checked at once at the end. */
const documents: Record<string, string> = {};

/** Each server's ENQUIRIES_FILE, by its origin: its form secret is kept beside it. */
const enquiriesFiles = new Map<string, string>();

async function startSite(env: Record<string, string>): Promise<RunningServer> {
  const enquiriesFile = path.join(mkdtempSync(path.join(tmpdir(), 'booking-')), 'enquiries.json');
  const server = await startServer(
    {
      PORT: String(await freePort()),
      SITE_URL: 'https://studio.example',
      ENQUIRIES_FILE: enquiriesFile,
      ENQUIRY_RATE_LIMIT: '10000',
      ...env,
    },
    serverScript,
  );
  enquiriesFiles.set(server.url, enquiriesFile);
  return server;
}

test.beforeAll(async () => {
  [withBooking, withoutBooking] = await Promise.all([startSite({ BOOKING_URL: bookingUrl }), startSite({})]);
});

test.afterAll(async () => {
  await Promise.all([withBooking?.stop(), withoutBooking?.stop()]);
});

/** Every request the page makes to the booking host; the booking page itself answers with a stand-in. */
async function watchBookingHost(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).host === bookingHost) requests.push(request);
  });
  await page.route(`https://${bookingHost}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Booking</title><h1>Pick a time</h1>' }),
  );
  return requests;
}

async function sendForm(page: Page) {
  const form = page.getByRole('form', { name: 'Send us your details' });
  await form.getByLabel('First name').fill('Jane');
  await form.getByLabel('Email address').fill('jane@example.com');
  await useTokenOldEnough(page, enquiriesFiles.get(new URL(page.url()).origin));
  await form.getByRole('button', { name: 'Send my enquiry' }).click();
}

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? 'JavaScript on' : 'JavaScript off';

  test.describe(js, () => {
    test.use({ javaScriptEnabled });

    test(`with BOOKING_URL, /thank-you offers "${label}" first, and nothing comes from the booking host before the click (${js})`, async ({
      page,
    }) => {
      const requests = await watchBookingHost(page);
      await page.goto(`${withBooking.url}/thank-you`);
      if (javaScriptEnabled) await waitForHydration(page);
      const link = page.getByRole('link', { name: label });
      await expect(link).toHaveAttribute('href', bookingUrl);
      await expect(link).toHaveAttribute('data-cta', 'book-a-time');
      await expect(link).toBeInViewport();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      if (!javaScriptEnabled) documents['thank-you, with booking'] = await page.content();
      expect(requests, 'requests to the booking host before the click').toEqual([]);
      await link.click();
      await expect(page).toHaveURL(bookingUrl);
      await expect(page.getByRole('heading', { name: 'Pick a time' })).toBeVisible();
    });

    test(`without BOOKING_URL, /thank-you shows no booking link (${js})`, async ({ page }) => {
      await page.goto(`${withoutBooking.url}/thank-you`);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is in');
      await expect(page.getByRole('link', { name: label })).toHaveCount(0);
      await expect(page.locator('[data-cta="book-a-time"]')).toHaveCount(0);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      if (!javaScriptEnabled) documents['thank-you, without booking'] = await page.content();
    });

    test(`with BOOKING_URL, the form's success offers the link, and only the click reaches the booking host (${js})`, async ({
      page,
    }) => {
      const requests = await watchBookingHost(page);
      await page.goto(`${withBooking.url}/start-project`);
      if (javaScriptEnabled) await waitForHydration(page);
      await sendForm(page);
      if (javaScriptEnabled) {
        // Answered in place: the success message carries the link.
        await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in', level: 3 })).toBeFocused();
        await expect(page).toHaveURL(`${withBooking.url}/start-project`);
        documents['in-place success, with booking'] = await page.content();
      } else {
        await expect(page).toHaveURL(`${withBooking.url}/thank-you`);
      }
      const link = page.getByRole('link', { name: label });
      await expect(link).toHaveAttribute('href', bookingUrl);
      await expect(link).toHaveAttribute('data-cta', 'book-a-time');
      await expect(link).toBeInViewport();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      expect(requests, 'requests to the booking host before the click').toEqual([]);
      await link.click();
      await expect(page).toHaveURL(bookingUrl);
    });

    test(`without BOOKING_URL, the form's success shows no booking link (${js})`, async ({ page }) => {
      await page.goto(`${withoutBooking.url}/start-project`);
      if (javaScriptEnabled) await waitForHydration(page);
      await sendForm(page);
      const thanks = javaScriptEnabled
        ? page.getByRole('heading', { name: 'Thank you, your enquiry is in', level: 3 })
        : page.getByRole('heading', { name: 'Thank you, your enquiry is in', level: 1 });
      await expect(thanks).toBeVisible();
      await expect(page.locator('[data-cta="book-a-time"]')).toHaveCount(0);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      if (javaScriptEnabled) documents['in-place success, without booking'] = await page.content();
    });
  });
}

test.describe('the same pages pass axe with the site’s scripts held back, as with JavaScript off', () => {
  // Axe runs as a script of its own, so JavaScript stays on; the site's scripts never load.
  test.use({ expectedFailedLoads: [/\.(js|ts|tsx)(\?|$)/] });
  test.beforeEach(async ({ page }) => {
    await page.route(/\.(js|ts|tsx)(\?|$)/, (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.fallback(),
    );
  });

  test('/thank-you with and without BOOKING_URL, and /privacy with it', async ({ page }) => {
    for (const url of [
      `${withBooking.url}/thank-you`,
      `${withoutBooking.url}/thank-you`,
      `${withBooking.url}/privacy`,
    ]) {
      await page.goto(url);
      await expectNoAxeViolations(page);
    }
  });
});

test('/privacy names the scheduling service only when BOOKING_URL is set', async ({ page }) => {
  await page.goto(`${withBooking.url}/privacy`);
  await expect(page.getByRole('heading', { name: 'Booking a time' })).toBeVisible();
  await expect(page.getByText(`our booking page on Cal.com (${bookingHost})`)).toBeVisible();
  documents['privacy, with booking'] = await page.content();
  await page.goto(`${withoutBooking.url}/privacy`);
  await expect(page.getByRole('heading', { name: 'Where your details are stored' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking a time' })).toHaveCount(0);
  await expect(page.getByText('Cal.com')).toHaveCount(0);
});

test('every page above, with and without the link, is valid HTML', async () => {
  expect(Object.keys(documents).sort()).toEqual([
    'in-place success, with booking',
    'in-place success, without booking',
    'privacy, with booking',
    'thank-you, with booking',
    'thank-you, without booking',
  ]);
  const errors = await htmlErrors(documents);
  expect(errors).toEqual(Object.fromEntries(Object.keys(documents).map((name) => [name, []])));
});
