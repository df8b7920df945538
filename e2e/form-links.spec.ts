import type { Page } from '@playwright/test';
import { e2eEnquiriesFile } from '../playwright.config.ts';
import { readEnquiryFile } from '../src/server/enquiries/file-store/enquiry-file.server.ts';
import { useTokenOldEnough } from './fixtures/enquiry-form.ts';
import { sitePages } from './fixtures/site-pages.ts';
import { expect, test, waitForHydration } from './fixtures/test.ts';

// What a visitor types into the consult form is never lost: on every way into the form (a link from any page,
// followed while they type), Back and Forward, on a fast machine and on a slow phone.

const port = Number(process.env.E2E_PORT ?? 4173);
const formName = 'Send us your details';
const fields = [
  ['First name', 'firstname'],
  ['Last name (optional)', 'lastname'],
  ['Email address', 'email'],
  ['Phone (optional)', 'phone'],
  ['Business name (optional)', 'company'],
  ['What do you need? (optional)', 'message'],
] as const;
type Values = Record<(typeof fields)[number][1], string>;

let count = 0;
/** Values no other test uses, so that this visitor's enquiry can be found in the store. */
function visitorValues(): Values {
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

const form = (page: Page) => page.getByRole('form', { name: formName });

/** Types each value into whichever form is on screen as it comes: the old page's while the next one loads. */
async function typeInto(page: Page, values: Partial<Values>) {
  for (const [label, name] of fields) {
    const value = values[name];
    if (value !== undefined) await form(page).getByLabel(label, { exact: true }).fill(value);
  }
}

async function expectValues(page: Page, values: Partial<Values>) {
  for (const [label, name] of fields) {
    const value = values[name];
    if (value !== undefined) await expect(form(page).getByLabel(label, { exact: true }), label).toHaveValue(value);
  }
}

/** Whether following a link to an address shows the form on the first screen, by address (the same for every page). */
const leadsIntoForm = new Map<string, boolean>();

/**
 * The links on `path` that lead into the form: those whose page, once followed, shows the form's first field
 * on the first screen (the form's own page, or a link to the form's place on a page). Found from the rendered
 * page, one per address and name.
 */
async function linksIntoTheForm(page: Page, path: string): Promise<{ href: string; name: string; index: number }[]> {
  await page.goto(path);
  const links = await page.locator('a[href^="/"], a[href^="#"]').evaluateAll((anchors) =>
    anchors
      .map((anchor, index) => ({
        href: anchor.getAttribute('href')!,
        name: (anchor.textContent ?? '').trim().replace(/\s+/g, ' '),
        index,
        // A visitor can tap only what is shown (the skip link shows only once focused).
        shown:
          anchor.checkVisibility() &&
          getComputedStyle(anchor).clipPath === 'none' &&
          getComputedStyle(anchor).clip === 'auto',
      }))
      .filter((link) => link.shown),
  );
  for (const { href } of links) {
    const url = new URL(href, new URL(path, 'http://localhost'));
    const address = `${url.pathname}${url.search}${url.hash}`;
    if (leadsIntoForm.has(address)) continue;
    // Only a page whose HTML holds the form can show it: the others are ruled out without loading them.
    const html = await (await page.request.get(`${url.pathname}${url.search}`)).text();
    if (!html.includes('action="/api/enquiries"')) {
      leadsIntoForm.set(address, false);
      continue;
    }
    await page.goto(address);
    const field = form(page).getByLabel('First name', { exact: true });
    leadsIntoForm.set(address, (await field.count()) === 1 && (await field.isVisible()) && (await inFirstScreen(page)));
  }
  const seen = new Set<string>();
  return links.filter(({ href }) => {
    const url = new URL(href, new URL(path, 'http://localhost'));
    const key = kindOfAddress(url);
    if (!leadsIntoForm.get(`${url.pathname}${url.search}${url.hash}`) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Every link is a full page load (or a jump within the page), so what a link does depends only on where it leads:
 * its path, which query parameters it names, and its fragment. Two links of one kind (the header's and the
 * footer's /start-project, two packages' ?plan=) behave alike, and one of them is followed. Each package's own
 * address, and the form naming its plan, are tested with the packages (marketing.spec.ts).
 */
function kindOfAddress(url: URL): string {
  return `${url.pathname}?${[...url.searchParams.keys()].sort().join('&')}${url.hash}`;
}

/** Whether the form's first field is within the window once the page has settled where a link lands. */
const inFirstScreen = (page: Page) =>
  form(page)
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
  link: { href: string; index: number },
  values: Values,
  slow?: (on: boolean) => Promise<void>,
) {
  await slow?.(false);
  await page.goto(from);
  await waitForHydration(page);
  // A new visitor: no draft, an empty form.
  await page.evaluate(() => {
    sessionStorage.clear();
    document.querySelector<HTMLFormElement>('form[action="/api/enquiries"]')?.reset();
  });
  await slow?.(true);
  const to = new URL(link.href, page.url()).href;
  await page.locator('a[href^="/"], a[href^="#"]').nth(link.index).click();
  await typeInto(page, values);
  await expect(page).toHaveURL(to);
  await waitForHydration(page);
  await expectValues(page, values);
}

/** Sends the form on screen and finds the enquiry stored with every value typed. */
async function sendAndFindStored(page: Page, values: Values) {
  await useTokenOldEnough(page);
  await form(page).getByRole('button', { name: 'Send my enquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeVisible();
  await expect
    .poll(async () => {
      const { enquiries } = await readEnquiryFile(e2eEnquiriesFile(port));
      const stored = enquiries.find((enquiry) => enquiry.email === values.email);
      return stored && Object.fromEntries(fields.map(([, name]) => [name, stored[name]]));
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

for (const { path } of sitePages) {
  test(`every link into the form from ${path} keeps what is typed while it loads, on a fast machine and on a slow phone`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const links = await linksIntoTheForm(page, path);
    expect(links.length, 'links into the form').toBeGreaterThan(0);
    // The slow phone's routes are in place from the start; they hold nothing back until it is switched on.
    const slow = await slowPhone(page);
    for (const [machine, switchTo] of [
      ['a fast machine', undefined],
      ['a slow phone', slow],
    ] as const) {
      for (const [i, link] of links.entries()) {
        const values = visitorValues();
        await test.step(`on ${machine}: ${link.name} (${link.href})`, async () => {
          await followTyping(page, path, link, values, switchTo);
          if (i === 0) await sendAndFindStored(page, values);
        });
      }
    }
  });
}

test.describe('a half-typed form', () => {
  const half = { firstname: 'Jane', email: 'jane@example.com', message: 'A new website.' };

  test('comes back with Back, Forward and a link to the form', async ({ page }) => {
    await page.goto('/faq');
    await waitForHydration(page);
    await typeInto(page, half);
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Newcastle studio for Newcastle businesses');
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
    await expectValues(page, half);
    await page.goForward();
    await expect(page).toHaveURL(/\/about$/);
    await expectValues(page, half);
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
    await expect(page).toHaveURL(/\/start-project/);
    await expectValues(page, half);
  });

  test('what is typed into the page before its scripts run wins over the draft', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    await typeInto(page, half);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/boot-loader-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/services', { waitUntil: 'commit' });
    await form(page).getByLabel('First name', { exact: true }).fill('Ann');
    release();
    await waitForHydration(page);
    await expectValues(page, { ...half, firstname: 'Ann' });
  });

  test('the field being typed into keeps the focus on the next page', async ({ page }) => {
    await page.goto('/faq');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
    await form(page).getByLabel('Email address', { exact: true }).fill('jane@example.com');
    await expect(page).toHaveURL(/\/start-project/);
    await waitForHydration(page);
    await expect(form(page).getByLabel('Email address', { exact: true })).toBeFocused();
    await expect(form(page).getByLabel('Email address', { exact: true })).toHaveValue('jane@example.com');
  });

  test('is gone once the enquiry is sent', async ({ page }) => {
    const values = visitorValues();
    await page.goto('/start-project');
    await waitForHydration(page);
    await typeInto(page, values);
    await sendAndFindStored(page, values);
    await page.goto('/faq');
    await waitForHydration(page);
    await expectValues(page, { firstname: '', email: '', message: '' });
  });

  test('a sent enquiry’s values come back with neither Back nor Forward, nor the browser’s own form restore', async ({
    page,
  }) => {
    const values = visitorValues();
    await page.goto('/faq');
    await waitForHydration(page);
    await typeInto(page, values);
    await page.getByRole('link', { name: 'Book Free Consult' }).first().click();
    await expect(page).toHaveURL(/\/start-project/);
    await waitForHydration(page);
    await expectValues(page, values);
    await sendAndFindStored(page, values);
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
    await waitForHydration(page);
    await expectValues(page, { firstname: '', email: '', message: '' });
    await page.goForward();
    await expect(page).toHaveURL(/\/start-project/);
    await waitForHydration(page);
    await expectValues(page, { firstname: '', email: '', message: '' });
  });

  test.describe('without the page’s scripts', () => {
    test.use({ expectedFailedLoads: [/\/assets\/(?!boot-loader-)[\w-]+\.js$/] });

    test('is gone once a plain post (sent before the page’s scripts ran) lands on /thank-you', async ({ page }) => {
      // The form's island never wakes: it posts as plain HTML, and only the boot loader keeps the draft.
      await page.route(/\/assets\/(?!boot-loader-)[\w-]+\.js$/, (route) => route.abort());
      const values = visitorValues();
      await page.goto('/start-project');
      await typeInto(page, values);
      await useTokenOldEnough(page);
      await form(page).getByRole('button', { name: 'Send my enquiry' }).click();
      // Landed: /thank-you has loaded, and with it the loader that clears the draft.
      await page.waitForURL('/thank-you');
      await page.goto('/faq');
      await expectValues(page, { firstname: '', email: '', message: '' });
      // Back past /thank-you to the page the form was sent from: the browser puts back what its fields held.
      await page.goBack();
      await page.goBack();
      await expect(page).toHaveURL('/start-project');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectValues(page, { firstname: '', email: '', message: '' });
    });
  });
});
