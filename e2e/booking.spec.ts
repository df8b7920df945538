import type { Locator, Page, Request } from '@playwright/test';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { fillConsultForm, useTokenOldEnough } from './fixtures/enquiry-form.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { expect, test, waitForSettled, waitForIdle, waitForSettledMark, waitForStart } from './fixtures/test.ts';
import { htmlErrors } from '../test-support/vnu.ts';

/**
 * "Book a time": production servers with the site's own form, with BOOKING_URL on each scheduling service the
 * site knows (and one it does not), and one without. The link shows up front on /start-project, and on /thank-you
 * and in the form's in-place success, carrying the visitor's name and email where the service documents how; it is
 * a plain link, nothing is fetched from the booking host before the visitor clicks it, and nothing there asks the
 * visitor to book again.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const serverScript = `${process.env.E2E_DIST ?? 'dist'}/server/server.js`;
const label = 'Choose a time for your free consult';
const upFront = 'Prefer to pick a time now?';
const jane = { firstname: 'Jane', lastname: 'Citizen', email: 'jane@example.com' };

/** Each scheduling service, and where the link leads once Jane Citizen has sent an enquiry. */
const services = {
  'Cal.com': {
    url: 'https://cal.com/newcastle-studio/free-consult',
    afterEnquiry: 'https://cal.com/newcastle-studio/free-consult?name=Jane+Citizen&email=jane%40example.com',
  },
  'HubSpot Meetings': {
    url: 'https://meetings.hubspot.com/newcastle-studio/consult',
    afterEnquiry:
      'https://meetings.hubspot.com/newcastle-studio/consult?firstname=Jane&lastname=Citizen&email=jane%40example.com',
  },
  Calendly: {
    url: 'https://calendly.com/newcastle-studio/15min',
    afterEnquiry:
      'https://calendly.com/newcastle-studio/15min?name=Jane+Citizen&first_name=Jane&last_name=Citizen&email=jane%40example.com',
  },
  'another service': {
    url: 'https://book.example.com/consult',
    afterEnquiry: 'https://book.example.com/consult',
  },
} as const;
type Service = keyof typeof services;
const bookingUrl = services['Cal.com'].url;
const bookingHost = new URL(bookingUrl).host;

const sites = {} as Record<Service, RunningServer>;
let withBooking: RunningServer;
let withoutBooking: RunningServer;
/** Documents to pass the Nu Html Checker, collected by the tests and checked at once at the end. */
const documents: Record<string, string> = {};

/** Each server's ENQUIRIES_FILE, by its origin: its form secret is kept beside it. */
const enquiriesFiles = new Map<string, string>();
const folders = tempFolders();

async function startSite(env: Record<string, string>): Promise<RunningServer> {
  const enquiriesFile = path.join(folders.make('booking-'), 'enquiries.json');
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
  // Five servers start side by side; on a busy machine that takes longer than one.
  test.setTimeout(120_000);
  const names = Object.keys(services) as Service[];
  const started = await Promise.all([
    startSite({}),
    ...names.map((name) => startSite({ BOOKING_URL: services[name].url })),
  ]);
  withoutBooking = started[0]!;
  names.forEach((name, index) => (sites[name] = started[index + 1]!));
  withBooking = sites['Cal.com'];
});

test.afterAll(async () => {
  await Promise.all([withoutBooking, ...Object.values(sites)].map((site) => site?.stop()));
  folders.remove();
});

/** Every request the page makes to the booking host; the booking page itself answers with a stand-in. */
async function watchBookingHost(page: Page, url: string = bookingUrl): Promise<Request[]> {
  const host = new URL(url).host;
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).host === host) requests.push(request);
  });
  await page.route(`https://${host}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Booking</title><h1>Pick a time</h1>' }),
  );
  return requests;
}

/** `islandLoads`: false where the form's island never hydrates (JavaScript off, or its scripts held back). */
async function sendForm(page: Page, { islandLoads = true } = {}) {
  const form = await fillConsultForm(page, jane);
  // Typing woke the form's island: its token is set once it has hydrated, or hydration would set it back.
  if (islandLoads) await waitForSettled(page);
  await useTokenOldEnough(page, enquiriesFiles.get(new URL(page.url()).origin));
  await form.getByRole('button', { name: 'Send my enquiry' }).click();
}

/** The site's scripts after the boot loader: the islands' and React's. */
const islandScripts = /\/assets\/(?!boot-loader-)[\w-]+\.js$/;

/** Holds back /start-project's island scripts (its boot loader runs, keeping the draft): its form posts as plain HTML. */
const holdStartProjectIsland = (page: Page) =>
  page.route(islandScripts, (route) =>
    new URL(route.request().frame().url()).pathname === '/start-project' ? route.abort() : route.fallback(),
  );

/** Sends the form from Calendly's site's /start-project as a plain post; the /thank-you it lands on has its scripts. */
async function sendPlainPost(page: Page) {
  await holdStartProjectIsland(page);
  await page.goto(`${sites.Calendly.url}/start-project`);
  await sendForm(page, { islandLoads: false });
  await expect(page).toHaveURL(`${sites.Calendly.url}/thank-you`);
}

/** The success message's heading, once the page has scrolled to it, is clear of the header: none of it is hidden. */
async function expectThanksInSight(page: Page) {
  const thanks = page.getByRole('heading', { name: 'Thank you, your enquiry is in', level: 3 });
  const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
  await expect
    .poll(() => thanks.evaluate((heading) => heading.getBoundingClientRect().top), { message: 'the heading’s top' })
    .toBeGreaterThanOrEqual(headerBottom);
  await expect(thanks).toBeInViewport({ ratio: 1 });
}

/** Nothing on the page asks the visitor to book a consult again: no mobile bar, no call in the footer or the menu. */
async function expectNoCallToBookAgain(page: Page) {
  await expect(page.getByRole('complementary', { name: 'Book a free consult' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Book Free Consult' })).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(
    footer.getByRole('heading', { name: 'Ready to be the local business everyone finds first?' }),
  ).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Book a Free Consult' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: upFront })).toHaveCount(0);
  // Nor the header's own ask, in the phone's menu (the desktop header's is the same element's twin).
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Blog' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Get My Custom Plan' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? 'JavaScript on' : 'JavaScript off';

  test.describe(js, () => {
    test.use({ javaScriptEnabled, viewport: { width: 375, height: 812 } });

    test(`with BOOKING_URL, /thank-you offers "${label}" first, asks nobody to book again, and nothing comes from the booking host before the click (${js})`, async ({
      page,
    }) => {
      const requests = await watchBookingHost(page);
      await page.goto(`${withBooking.url}/thank-you`);
      if (javaScriptEnabled) await waitForSettled(page);
      const link = page.getByRole('link', { name: label });
      await expect(link).toHaveAttribute('href', bookingUrl);
      await expect(link).toHaveAttribute('data-cta', 'book-a-time');
      await expect(link).toBeInViewport();
      await expectNoCallToBookAgain(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      expect(requests, 'requests to the booking host before the click').toEqual([]);
      await link.click();
      await expect(page).toHaveURL(bookingUrl);
      await expect(page.getByRole('heading', { name: 'Pick a time' })).toBeVisible();
    });

    test(`without BOOKING_URL, /thank-you shows no booking link and asks nobody to book again (${js})`, async ({
      page,
    }) => {
      await page.goto(`${withoutBooking.url}/thank-you`);
      if (javaScriptEnabled) await waitForSettled(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is in');
      await expect(page.getByRole('link', { name: label })).toHaveCount(0);
      await expect(page.locator('[data-cta="book-a-time"]')).toHaveCount(0);
      await expectNoCallToBookAgain(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });

    test(`with BOOKING_URL, /start-project offers "${upFront}" under the form on a phone and says a time can be chosen after sending (${js})`, async ({
      page,
    }) => {
      const requests = await watchBookingHost(page);
      await page.goto(`${withBooking.url}/start-project?plan=growth`);
      if (javaScriptEnabled) await waitForSettled(page);
      await expect(page.getByRole('main')).toContainText(
        "We'll reply within 1 business day, or you can choose a time straight after sending.",
      );
      const link = page.getByRole('link', { name: upFront });
      await expect(link).toHaveAttribute('href', bookingUrl);
      await expect(link).toHaveAttribute('data-cta', 'start-project-book-a-time');
      // On a phone the offer waits under the form, so that the first field stays on the first screen.
      const firstField = page.getByRole('form', { name: 'Send us your details' }).getByLabel('First name');
      await expect(firstField).toBeInViewport();
      await expect(link).toBeVisible();
      expect((await link.boundingBox())!.y).toBeGreaterThan((await firstField.boundingBox())!.y);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      expect(requests, 'requests to the booking host before the click').toEqual([]);
      await link.click();
      await expect(page).toHaveURL(bookingUrl);
    });

    test(`without BOOKING_URL, /start-project promises only the reply and offers no time (${js})`, async ({ page }) => {
      await page.goto(`${withoutBooking.url}/start-project`);
      if (javaScriptEnabled) await waitForSettled(page);
      await expect(page.getByRole('main')).toContainText("We'll reply within 1 business day.");
      await expect(page.getByRole('main')).not.toContainText('straight after sending');
      await expect(page.getByRole('link', { name: upFront })).toHaveCount(0);
    });

    test(`with BOOKING_URL, the form's success offers the link, asks nobody to book again, and only the click reaches the booking host (${js})`, async ({
      page,
    }) => {
      const requests = await watchBookingHost(page);
      await page.goto(`${withBooking.url}/start-project`);
      if (javaScriptEnabled) await waitForSettled(page);
      await sendForm(page, { islandLoads: javaScriptEnabled });
      if (javaScriptEnabled) {
        // Answered in place: the success message carries the link, with the name and email just sent.
        await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in', level: 3 })).toBeFocused();
        await expect(page).toHaveURL(`${withBooking.url}/start-project`);
        documents['in-place success, with booking'] = await page.content();
      } else {
        await expect(page).toHaveURL(`${withBooking.url}/thank-you`);
      }
      const link = page.getByRole('link', { name: label });
      await expect(link).toHaveAttribute('href', javaScriptEnabled ? services['Cal.com'].afterEnquiry : bookingUrl);
      await expect(link).toHaveAttribute('data-cta', 'book-a-time');
      await expect(link).toBeInViewport();
      if (javaScriptEnabled) await expectThanksInSight(page);
      await expectNoCallToBookAgain(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      expect(requests, 'requests to the booking host before the click').toEqual([]);
      await link.click();
      await expect(page).toHaveURL(javaScriptEnabled ? services['Cal.com'].afterEnquiry : bookingUrl);
    });

    test(`without BOOKING_URL, the form's success shows no booking link and asks nobody to book again (${js})`, async ({
      page,
    }) => {
      await page.goto(`${withoutBooking.url}/start-project`);
      if (javaScriptEnabled) await waitForSettled(page);
      await sendForm(page, { islandLoads: javaScriptEnabled });
      const thanks = javaScriptEnabled
        ? page.getByRole('heading', { name: 'Thank you, your enquiry is in', level: 3 })
        : page.getByRole('heading', { name: 'Thank you, your enquiry is in', level: 1 });
      await expect(thanks).toBeVisible();
      await expect(page.locator('[data-cta="book-a-time"]')).toHaveCount(0);
      await expectNoCallToBookAgain(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      if (javaScriptEnabled) documents['in-place success, without booking'] = await page.content();
    });
  });
}

test.describe('every consult section, not only /start-project', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  const sentence = "Pick a time for your free 15-minute consult now, or we'll reply within 1 business day to find one.";

  for (const pagePath of ['/', '/services', '/how-it-works', '/about', '/faq'])
    test(`${pagePath} offers "${upFront}" above the form with BOOKING_URL, and nothing without`, async ({ page }) => {
      await page.goto(`${withBooking.url}${pagePath}`);
      const consult = page.locator('section#consult');
      const link = consult.getByRole('link', { name: upFront });
      await expect(link).toHaveAttribute('href', bookingUrl);
      await expect(link).toHaveAttribute('data-cta', 'consult-book-a-time');
      await expect(consult).toContainText(
        "Send it, then pick a time straight away, or we'll reply within 1 business day.",
      );
      const firstField = consult.getByRole('form', { name: 'Send us your details' }).getByLabel('First name');
      const [linkBottom, fieldTop] = await Promise.all(
        [link, firstField].map((part, index) =>
          part.evaluate((element, edge) => {
            const rect = element.getBoundingClientRect();
            return (edge ? rect.top : rect.bottom) + window.scrollY;
          }, index === 1),
        ),
      );
      expect(linkBottom).toBeLessThanOrEqual(fieldTop!);
      await page.goto(`${withoutBooking.url}${pagePath}`);
      await expect(page.locator('section#consult').getByRole('link', { name: upFront })).toHaveCount(0);
    });

  test('after sending from /faq, the success message and /thank-you say the same thing, once, and the link is prefilled', async ({
    page,
  }) => {
    const requests = await watchBookingHost(page);
    const toastsCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/Toasts-[\w-]+\.js$/.test(request.url())) toastsCode.push(request.url());
    });
    await page.goto(`${withBooking.url}/faq`);
    await waitForSettled(page);
    await sendForm(page);
    const message = page.locator('section#consult');
    await expect(message.getByRole('heading', { name: 'Thank you, your enquiry is in', level: 3 })).toBeVisible();
    await expect(message).toContainText(sentence);
    await expect(message.getByRole('link', { name: label })).toHaveAttribute('href', services['Cal.com'].afterEnquiry);
    await expect(message.getByRole('link', { name: upFront })).toHaveCount(0);
    // No toast says it a second time over the section's ticks below the message.
    await waitForIdle(page);
    await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
    expect(toastsCode).toEqual([]);
    await expect(page.getByText(sentence)).toHaveCount(1);
    await page.goto(`${withBooking.url}/thank-you`);
    await expect(page.getByRole('main')).toContainText(sentence);
    await expect(page.getByRole('main')).not.toContainText(
      'We book your free 15-minute consult at a time that suits you',
    );
    expect(requests, 'requests to the booking host before the click').toEqual([]);
  });

  test.describe('with every chunk but the boot loader’s and the island’s blocked', () => {
    test.use({ expectedFailedLoads: [/\/assets\/[\w-]+\.js$/] });

    test('the thanks offers the time in the same frame as it appears, and nothing else says otherwise', async ({
      page,
    }) => {
      // The scripts the form's island needs to wake (the boot data lists them); any other chunk, loaded later (the
      // booking offer once was one, made lazy), fails, as on a flaky connection or a page cached across a release.
      const html = await (await page.request.get(`${withBooking.url}/faq`)).text();
      const boot = JSON.parse(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)![1]!) as {
        assets: { loader: string; islands: Record<string, string[]>; hydrate: string[] };
      };
      const needed = new Set([boot.assets.loader, ...boot.assets.islands['consult-form']!, ...boot.assets.hydrate]);
      const blocked: string[] = [];
      await page.route(/\/assets\/[\w-]+\.js$/, (route) => {
        const asset = new URL(route.request().url()).pathname;
        if (needed.has(asset)) return route.fallback();
        blocked.push(asset);
        return route.abort();
      });
      await page.goto(`${withBooking.url}/faq`);
      await waitForSettled(page);
      // What the message holds in the first frame it is on the page.
      await page.evaluate(() => {
        const observer = new MutationObserver(() => {
          const heading = [...document.querySelectorAll('h3')].find(
            (element) => element.textContent === 'Thank you, your enquiry is in',
          );
          if (!heading) return;
          observer.disconnect();
          const message = heading.parentElement!;
          document.body.dataset.firstThanks = JSON.stringify({
            text: message.textContent,
            links: [...message.querySelectorAll('a')].map((link) => link.textContent),
          });
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      await sendForm(page);
      await expect(page.locator('body')).toHaveAttribute('data-first-thanks', /./);
      const first = JSON.parse((await page.locator('body').getAttribute('data-first-thanks'))!) as {
        text: string;
        links: string[];
      };
      expect(first.links).toEqual([label]);
      expect(first.text).toContain(sentence);
      await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', services['Cal.com'].afterEnquiry);
      // Something was blocked (the attribution's chunk, fetched as the form is sent), and no toast contradicts it.
      expect(blocked.length).toBeGreaterThan(0);
      await waitForIdle(page);
      await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
      await expect(page.getByText(sentence)).toHaveCount(1);
    });
  });
});

test.describe('the booking link after an enquiry carries the name and email where the service documents how', () => {
  for (const [service, { url, afterEnquiry }] of Object.entries(services)) {
    test(`${service}: ${url === afterEnquiry ? 'the plain link' : 'its own parameters'}, and nothing from it before the click`, async ({
      page,
    }) => {
      const requests = await watchBookingHost(page, url);
      await page.goto(`${sites[service as Service].url}/start-project`);
      await waitForSettled(page);
      await expect(page.getByRole('link', { name: upFront })).toHaveAttribute('href', url);
      await sendForm(page);
      const link = page.getByRole('link', { name: label });
      await expect(link).toHaveAttribute('href', afterEnquiry);
      await expectThanksInSight(page);
      expect(requests, 'requests to the booking host before the click').toEqual([]);
      await link.click();
      await expect(page).toHaveURL(afterEnquiry);
    });
  }

  test.describe('a plain post, sent before the page’s scripts ran', () => {
    test.use({ expectedFailedLoads: [islandScripts] });

    test('lands on /thank-you, whose link then carries the name and email once, kept only in the tab until read', async ({
      page,
    }) => {
      const { url, afterEnquiry } = services.Calendly;
      const requests = await watchBookingHost(page, url);
      await sendPlainPost(page);
      await waitForSettled(page);
      const link = page.getByRole('link', { name: label });
      await expect(link).toHaveAttribute('href', afterEnquiry);
      // The tab keeps that an enquiry went (so no page shows its values again), and nothing of the visitor's.
      const kept = JSON.stringify(await page.evaluate(() => ({ ...sessionStorage, ...localStorage })));
      for (const value of [jane.firstname, jane.lastname, jane.email])
        expect(kept, 'what the tab keeps').not.toContain(value);
      expect(requests, 'requests to the booking host before the click').toEqual([]);
      // Read once: the page again has the plain link, as the page's HTML always does.
      await page.reload();
      await waitForSettled(page);
      await expect(link).toHaveAttribute('href', url);
    });

    for (const [way, follow] of [
      ['clicked', (link: Locator) => link.click()],
      // A long press on a phone, or a right click: the menu's "open in a new tab" or "copy link" reads it then.
      ['its menu opened', (link: Locator) => link.dispatchEvent('contextmenu')],
    ] as const) {
      test(`on a /thank-you that is never idle, the booking link ${way} first carries the name and email`, async ({
        page,
      }) => {
        const { url, afterEnquiry } = services.Calendly;
        await watchBookingHost(page, url);
        // The thank-you page completes itself at the browser's first idle moment: here there is none.
        await page.addInitScript(() => {
          window.requestIdleCallback = () => 0;
        });
        await sendPlainPost(page);
        await waitForStart(page);
        const link = page.getByRole('link', { name: label });
        await expect(link).toHaveAttribute('href', url);
        await follow(link);
        if (way === 'clicked') await expect(page).toHaveURL(afterEnquiry);
        else await expect(link).toHaveAttribute('href', afterEnquiry);
      });
    }
  });
});

test.describe('/thank-you that this tab did not send to', () => {
  test.use({ expectedFailedLoads: [islandScripts] });

  test('keeps the draft and a plain booking link; a real send from the tab then clears it and fills the link', async ({
    page,
  }) => {
    const { url, afterEnquiry } = services.Calendly;
    const site = sites.Calendly.url;
    await watchBookingHost(page, url);
    // Another site the visitor follows a link to, which sends them on to /thank-you.
    await page.route('https://elsewhere.example/**', (route) =>
      route.fulfill({ status: 302, headers: { Location: `${site}/thank-you` } }),
    );
    const form = page.getByRole('form', { name: 'Send us your details' });
    await page.goto(`${site}/start-project`);
    await fillConsultForm(page, { firstname: jane.firstname, email: jane.email });
    await page.goto('https://elsewhere.example/next');
    await expect(page).toHaveURL(`${site}/thank-you`);
    await waitForSettled(page);
    await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', url);
    await page.goto(`${site}/start-project`);
    await expect(form.getByLabel('First name')).toHaveValue(jane.firstname);
    await expect(form.getByLabel('Email address')).toHaveValue(jane.email);
    // Sent as a plain post (the form's island held back): the draft goes, and the link carries the details once.
    await holdStartProjectIsland(page);
    await page.reload();
    // Filled once the draft is back in the form: the driver's fill selects a field's text and types it in two
    // steps, and a draft put back between them would have the typing added after it.
    await waitForSettledMark(page);
    await sendForm(page, { islandLoads: false });
    await expect(page).toHaveURL(`${site}/thank-you`);
    await waitForSettled(page);
    await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', afterEnquiry);
    await page.goto(`${site}/start-project`);
    await expect(form.getByLabel('First name')).toHaveValue('');
  });
});

test.describe('a plain post answered by a short page', () => {
  test.use({ expectedFailedLoads: [islandScripts] });

  test('leaves no mark another site can use: /thank-you reached next keeps the draft and a plain booking link', async ({
    page,
  }) => {
    const { url } = services.Calendly;
    const site = sites.Calendly.url;
    await page.route('https://elsewhere.example/**', (route) =>
      route.fulfill({ status: 302, headers: { Location: `${site}/thank-you` } }),
    );
    // The form's island never loads: the form is posted as plain HTML, and its answer is a page with no script.
    await holdStartProjectIsland(page);
    const form = page.getByRole('form', { name: 'Send us your details' });
    await page.goto(`${site}/start-project`);
    await fillConsultForm(page, { firstname: jane.firstname, email: jane.email });
    // Past the body's 16 kB: the server answers 413 with a short page before reading the fields.
    await form
      .getByLabel('What do you need? (optional)')
      .evaluate((field: HTMLTextAreaElement) => (field.value = 'x'.repeat(17_000)));
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    expect((await answer).status()).toBe(413);
    await page.goto('https://elsewhere.example/next');
    await expect(page).toHaveURL(`${site}/thank-you`);
    await waitForSettled(page);
    await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', url);
    await page.goto(`${site}/start-project`);
    await expect(form.getByLabel('First name')).toHaveValue(jane.firstname);
    await expect(form.getByLabel('Email address')).toHaveValue(jane.email);
  });
});

test.describe('the same pages pass axe with the site’s scripts held back, as with JavaScript off', () => {
  // Axe runs as a script of its own, so JavaScript stays on; the site's scripts never load.
  test.use({ expectedFailedLoads: [/\.(js|ts|tsx)(\?|$)/] });
  test.beforeEach(async ({ page }) => {
    await page.route(/\.(js|ts|tsx)(\?|$)/, (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.fallback(),
    );
  });

  test('/thank-you with and without BOOKING_URL, /start-project and /privacy with it', async ({ page }) => {
    for (const url of [
      `${withBooking.url}/thank-you`,
      `${withoutBooking.url}/thank-you`,
      `${withBooking.url}/start-project?plan=local-launch`,
      `${withBooking.url}/privacy`,
    ]) {
      await page.goto(url);
      await expectNoAxeViolations(page);
    }
  });
});

test('/privacy names the scheduling service only when BOOKING_URL is set, and says what its link carries', async ({
  page,
}) => {
  await page.goto(`${withBooking.url}/privacy`);
  await expect(page.getByRole('heading', { name: 'Booking a time' })).toBeVisible();
  await expect(page.getByText(`our booking page on Cal.com (${bookingHost})`)).toBeVisible();
  await expect(
    page.getByText('carries the name and email address you have just given us, so that Cal.com'),
  ).toBeVisible();
  await page.goto(`${sites['another service'].url}/privacy`);
  await expect(page.getByText('our booking page on book.example.com (book.example.com)')).toBeVisible();
  await expect(page.getByText('carries the name and email address')).toHaveCount(0);
  await page.goto(`${withoutBooking.url}/privacy`);
  await expect(page.getByRole('heading', { name: 'Where your details are stored' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking a time' })).toHaveCount(0);
  await expect(page.getByText('Cal.com')).toHaveCount(0);
});

// The pages the server sends, with and without the link, are checked with every other page
// (src/server/valid-html.server.test.ts); the in-place success message is the browser's own rendering.
test('the in-place success, with and without the link, is valid HTML', async () => {
  expect(Object.keys(documents).sort()).toEqual([
    'in-place success, with booking',
    'in-place success, without booking',
  ]);
  const errors = await htmlErrors(documents);
  expect(errors).toEqual(Object.fromEntries(Object.keys(documents).map((name) => [name, []])));
});
