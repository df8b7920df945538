import type { Page } from '@playwright/test';
import { e2eEnquiriesFile, ownFormPort } from '../playwright.config.ts';
import { landingRecordedMark } from '../src/browser/marks.ts';
import type { StoredEnquiry } from '../src/server/enquiries/enquiry.ts';
import { readEnquiryFile } from '../src/server/enquiries/file-store/enquiry-file.server.ts';
import { fillConsultForm, useTokenOldEnough } from './fixtures/enquiry-form.ts';
import { expect, test, waitForSettled, waitForStart } from './fixtures/test.ts';

// Where a visit came from travels only inside an enquiry sent by the site's own form: each test reads the body
// of the form's POST on its way to the server, and the enquiry the server stored.

const ownFormSite = `http://localhost:${ownFormPort}`;
test.use({ baseURL: ownFormSite });
// The form's token must be 3 s old before it is accepted, and some tests send two pages' worth of it.
test.setTimeout(60_000);

const newsletterLanding = '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch&gclid=SECRETVALUE';
const newsletterSite = 'https://news.example.org/spring-issue';
const newsletterTouch = {
  landingPath: '/',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring-launch',
  clickIds: ['gclid'],
  referrer: 'news.example.org',
};

const isEnquiryPost = (request: { method(): string; url(): string }) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/enquiries';

/**
 * Lands on `path` as a visitor does, with another site's referrer when given, and waits until the page is live and
 * the landing recorded (its code loads apart from the page's).
 */
async function land(page: Page, path: string, referer?: string) {
  await page.goto(path, referer ? { referer } : {});
  await waitForSettled(page);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, landingRecordedMark);
}

let sent = 0;
/** An address no other test uses, to find this test's enquiry in the store. */
const uniqueEmail = () => `jane.${process.pid}.${Date.now()}.${(sent += 1)}@example.com`;

/** The enquiry the server stored for `email`. */
async function storedEnquiry(email: string): Promise<StoredEnquiry | undefined> {
  const { enquiries } = await readEnquiryFile(e2eEnquiriesFile(ownFormPort));
  return enquiries.find((e) => e.email === email);
}

/** Sends the form on the current page (hydrated) and returns the JSON body it posted. */
async function sendEnquiry(page: Page, email = 'jane@example.com'): Promise<Record<string, unknown>> {
  const form = await fillConsultForm(page, { firstname: 'Jane', email });
  await useTokenOldEnough(page);
  const [request] = await Promise.all([
    page.waitForRequest(isEnquiryPost),
    form.getByRole('button', { name: 'Send my enquiry' }).click(),
  ]);
  await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeVisible();
  return request.postDataJSON() as Record<string, unknown>;
}

test('an enquiry carries both touches and the last call to action clicked, and never a click id’s value', async ({
  page,
}) => {
  await land(page, newsletterLanding, newsletterSite);
  await page.getByRole('main').getByRole('link', { name: 'Book Free Consult' }).first().click();
  await expect(page).toHaveURL(`${ownFormSite}/start-project`);
  // Around the site: client-side links, then a page loaded afresh from one of the site's own.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(`${ownFormSite}/about`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(`${ownFormSite}/faq`);
  await land(page, '/start-project', `${ownFormSite}/faq`);
  const email = uniqueEmail();
  const body = await sendEnquiry(page, email);
  expect(body).toMatchObject({ firstname: 'Jane', email });
  // The form's own send button is a call to action too, but not the one that led to the enquiry.
  expect(body.attribution).toStrictEqual({
    first: newsletterTouch,
    last: newsletterTouch,
    cta: 'hero-book-free-consult',
  });
  expect(JSON.stringify(body)).not.toContain('SECRETVALUE');
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('SECRETVALUE');
  // Stored with the enquiry as sent, and no click id's value anywhere in it.
  const stored = await storedEnquiry(email);
  expect(stored?.attribution).toStrictEqual(body.attribution);
  expect(JSON.stringify(stored)).not.toContain('SECRETVALUE');
});

test('a landing and a tap made before the page’s scripts ran are in the next page’s enquiry', async ({ page }) => {
  // All the page's scripts but the boot loader, its one script tag, arrive only once the next page is open.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!boot-loader-)[^/]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  await page.goto(newsletterLanding, { referer: newsletterSite, waitUntil: 'commit' });
  await page.getByRole('main').getByRole('link', { name: 'Book Free Consult' }).first().click();
  await expect(page).toHaveURL(`${ownFormSite}/start-project`);
  release();
  await waitForSettled(page);
  const email = uniqueEmail();
  const body = await sendEnquiry(page, email);
  expect(body.attribution).toStrictEqual({
    first: newsletterTouch,
    last: newsletterTouch,
    cta: 'hero-book-free-consult',
  });
  expect((await storedEnquiry(email))?.attribution).toStrictEqual(body.attribution);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
    'SECRETVALUE',
  );
});

test('a tap on a call to action before the landing page was ever idle still brings the landing and the tap to the enquiry', async ({
  page,
}) => {
  // The landing page never has an idle moment (a busy phone): what it noted in memory is written as it is left.
  await page.addInitScript(() => {
    if (location.pathname === '/') window.requestIdleCallback = () => 0;
  });
  await page.goto(newsletterLanding, { referer: newsletterSite });
  await waitForStart(page);
  await page.getByRole('main').getByRole('link', { name: 'Book Free Consult' }).first().click();
  await expect(page).toHaveURL(`${ownFormSite}/start-project`);
  await waitForSettled(page);
  const body = await sendEnquiry(page, uniqueEmail());
  expect(body.attribution).toStrictEqual({
    first: newsletterTouch,
    last: newsletterTouch,
    cta: 'hero-book-free-consult',
  });
});

test('a second campaign landing replaces the last touch and keeps the first', async ({ page }) => {
  await land(page, newsletterLanding, newsletterSite);
  await land(
    page,
    '/services?utm_source=facebook&utm_medium=paid-social&utm_campaign=winter-offers&fbclid=OTHERSECRET',
    'https://l.facebook.com/',
  );
  await land(page, '/start-project');
  const email = uniqueEmail();
  const body = await sendEnquiry(page, email);
  expect((await storedEnquiry(email))?.attribution).toStrictEqual(body.attribution);
  expect(body.attribution).toStrictEqual({
    first: newsletterTouch,
    last: {
      landingPath: '/services',
      utm_source: 'facebook',
      utm_medium: 'paid-social',
      utm_campaign: 'winter-offers',
      clickIds: ['fbclid'],
      referrer: 'l.facebook.com',
    },
  });
  expect(JSON.stringify(body)).not.toMatch(/SECRET/);
});

test('a direct visit (no referrer, no tags) changes neither touch', async ({ page }) => {
  await land(page, newsletterLanding, newsletterSite);
  await land(page, '/about');
  expect(await page.evaluate(() => document.referrer)).toBe('');
  await land(page, '/start-project');
  const body = await sendEnquiry(page);
  expect(body.attribution).toStrictEqual({ first: newsletterTouch, last: newsletterTouch });
});

test('a first visit without tags or referrer is both touches', async ({ page }) => {
  await land(page, '/start-project?plan=growth');
  const body = await sendEnquiry(page);
  expect(body.attribution).toStrictEqual({
    first: { landingPath: '/start-project' },
    last: { landingPath: '/start-project' },
  });
});

test('when the browser refuses storage, nothing is recorded and the form works as before', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await land(page, newsletterLanding, newsletterSite);
  await page.getByRole('main').getByRole('link', { name: 'Book Free Consult' }).first().click();
  // The address changes first; the page (and its form) once its code has loaded.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book your free 15-minute consult');
  const body = await sendEnquiry(page);
  expect(body).toMatchObject({ firstname: 'Jane', email: 'jane@example.com' });
  expect(body).not.toHaveProperty('attribution');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain post carries no attribution and still lands on /thank-you', async ({ page }) => {
    await page.goto(`/start-project${newsletterLanding.slice(1)}`, { referer: newsletterSite });
    const email = uniqueEmail();
    const form = await fillConsultForm(page, { firstname: 'Jane', email });
    await useTokenOldEnough(page);
    const [request] = await Promise.all([
      page.waitForRequest(isEnquiryPost),
      form.getByRole('button', { name: 'Send my enquiry' }).click(),
    ]);
    expect(request.headers()['content-type']).toBe('application/x-www-form-urlencoded');
    const fields = new URLSearchParams(request.postData() ?? '');
    expect(fields.get('firstname')).toBe('Jane');
    expect([...fields.keys()]).not.toContain('attribution');
    await expect(page).toHaveURL(`${ownFormSite}/thank-you`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is in');
    const stored = await storedEnquiry(email);
    expect(stored).toMatchObject({ firstname: 'Jane', email });
    expect(stored).not.toHaveProperty('attribution');
  });
});
