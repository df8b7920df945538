import type { Browser, Page } from '@playwright/test';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { formTokens } from '../src/server/enquiries/form-token.server.ts';
import { tokenFieldName } from '../src/shared/page-contract.ts';
import { newsletterMessages } from '../src/lib/newsletter.ts';
import { smtpStandIn } from '../test-support/enquiries.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { samplePostPath } from './fixtures/site-pages.ts';
import { e2eStoreFile } from './fixtures/store.ts';
import { tempFolders } from './fixtures/temp-folders.ts';
import { expect, test, waitForIsland, waitForSettled } from './fixtures/test.ts';

const newsletterHeading = { name: 'The Newcastle local newsletter', level: 1 } as const;

test.describe('reaching /newsletter from every place the site talks about the newsletter', () => {
  const places: { name: string; path: string; link: (page: Page) => ReturnType<Page['getByRole']> }[] = [
    {
      name: 'the home page’s audience section',
      path: '/',
      link: (page) =>
        page.getByRole('region', { name: 'A local audience that actually reads' }).getByRole('link', {
          name: 'See the newsletter and sign up',
        }),
    },
    {
      name: 'the stats card under the home page’s heading',
      path: '/',
      link: (page) =>
        page
          .getByRole('region', { name: /Fixed-price marketing that brings/ })
          .getByRole('link', { name: 'See the newsletter and sign up' }),
    },
    {
      name: 'About',
      path: '/about',
      link: (page) => page.getByRole('link', { name: 'Read about our newsletter' }),
    },
    {
      name: 'the FAQ’s answer to “Who reads your newsletter?”',
      path: '/faq',
      link: (page) => page.getByRole('link', { name: 'Read about the newsletter and sign up' }),
    },
    {
      name: 'the footer',
      path: '/blog',
      link: (page) => page.getByRole('contentinfo').getByRole('link', { name: 'Newsletter', exact: true }),
    },
  ];
  for (const place of places) {
    test(`from ${place.name}`, async ({ page }) => {
      await page.goto(place.path);
      if (place.path === '/faq') await page.getByText('Who reads your newsletter?').click();
      await place.link(page).click();
      await expect(page).toHaveURL(/\/newsletter$/);
      await expect(page.getByRole('heading', newsletterHeading)).toBeVisible();
    });
  }
});

/**
 * The sign-up against a server of its own that can send a confirmation (SMTP_URL, a real SMTP server on this
 * machine), with the store of the other specs.
 */
test.describe('signing up and confirming', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(60_000);
  // Refused sign-ups (a problem, a form sent sooner than a person could) answer 4xx, which the browser logs.
  test.use({ expectedFailedLoads: [/\/api\/newsletter$/] });

  const folders = tempFolders();
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
  let sent = 0;
  const formSecret = 'e2e-newsletter-form-secret-of-32-characters';

  test.beforeAll(async () => {
    smtp = await smtpStandIn();
    server = await startServer(
      {
        PORT: String(await freePort()),
        DATA_FILE: e2eStoreFile,
        ENQUIRIES_FILE: path.join(folders.make('newsletter-'), 'enquiries.json'),
        SITE_URL: 'https://studio.example',
        CONTACT_PHONE: '(02) 4000 0000',
        CONTACT_EMAIL: 'hello@studio.example',
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL: 'studio@studio.example',
        FORM_SECRET: formSecret,
        // Every sign-up here comes from one visitor.
        NEWSLETTER_RATE_LIMIT: '1000',
      },
      `${process.env.E2E_DIST ?? 'dist'}/server/server.js`,
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    folders.remove();
  });

  /** A fresh address for each sign-up: one address gets at most one confirmation a day. */
  const nextAddress = () => `reader-${Date.now()}-${(sent += 1)}@example.com`;

  /** The confirmation link in the email sent to `address`, as a path on the server under test. */
  async function confirmationPath(address: string): Promise<string> {
    await expect
      .poll(() => smtp.messages.some((message) => message.rcpt.includes(address)), { timeout: 15_000 })
      .toBe(true);
    const message = smtp.messages.find((candidate) => candidate.rcpt.includes(address))!;
    const link = /https:\/\/studio\.example(\/newsletter\/confirm\/[^\s"<>]+)/.exec(message.parsed.text ?? '');
    expect(link, 'the confirmation link in the email').not.toBeNull();
    return link![1]!;
  }

  async function fillIn(page: Page, address: string) {
    const box = page.locator('[data-newsletter-signup]');
    await box.getByLabel('Email address').fill(address);
    await box.getByLabel('First name (optional)').fill('Ada');
    return box;
  }

  const places = [
    { name: '/newsletter', path: '/newsletter' },
    { name: 'a post’s end', path: samplePostPath },
    { name: '/blog', path: '/blog' },
  ];

  for (const place of places) {
    test(`from ${place.name} without JavaScript: a plain post, then the check-your-inbox page`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${server.url}${place.path}`);
      const address = nextAddress();
      const box = await fillIn(page, address);
      // A form sent sooner than a person could fill it in is refused as a bot's: the post carries a token issued
      // earlier, as a person's slower typing would.
      await page.route('**/api/newsletter', (route) => {
        const body = new URLSearchParams(route.request().postData() ?? '');
        body.set(tokenFieldName, formTokens(Buffer.from(formSecret), 'newsletter').issue(Date.now() - 10_000));
        return route.continue({ postData: body.toString() });
      });
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page).toHaveURL(/\/newsletter\/check-your-inbox$/);
      await expect(page.getByText(newsletterMessages.checkYourInbox)).toBeVisible();
      await confirmationPath(address);
      await context.close();
    });

    test(`from ${place.name} with JavaScript: answered in place`, async ({ page }) => {
      await page.goto(`${server.url}${place.path}`);
      const address = nextAddress();
      const box = await fillIn(page, address);
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await expect(box.getByRole('status')).toHaveText(newsletterMessages.checkYourInbox);
      await expect(page).toHaveURL(`${server.url}${place.path}`);
      await confirmationPath(address);
    });
  }

  test('the sign-up box, empty and with a problem, has no axe-core violations at 375 and 1280 px', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const place of places) {
        await page.goto(`${server.url}${place.path}`);
        await expectNoAxeViolations(page, { include: '[data-newsletter-signup]' });
      }
      await page.goto(`${server.url}/newsletter`);
      await page.locator('[data-newsletter-signup]').getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByRole('alert')).toBeFocused();
      await expectNoAxeViolations(page, { include: '[data-newsletter-signup]' });
    }
  });

  test('a problem is shown in place, in a summary that takes the focus and leads to the field', async ({ page }) => {
    await page.goto(`${server.url}/newsletter`);
    await page.locator('[data-newsletter-signup]').scrollIntoViewIfNeeded();
    await waitForIsland(page, 'newsletter');
    const box = page.locator('[data-newsletter-signup]');
    await box.getByLabel('Email address').fill('not-an-address');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    const summary = box.getByRole('alert');
    await expect(summary).toBeFocused();
    await summary.getByRole('link').click();
    await expect(box.getByLabel('Email address')).toBeFocused();
    await expect(box.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the same words for an address already signed up: nothing tells whether it is', async ({ page }) => {
    const address = nextAddress();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await page.goto(`${server.url}/newsletter`);
      const box = await fillIn(page, address);
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await expect(box.getByRole('status')).toHaveText(newsletterMessages.checkYourInbox);
    }
  });

  /** Collects the `sign_up` events the page sends to analytics. */
  const signUps = (page: Page) =>
    page.evaluate(() =>
      (window.dataLayer as IArguments[])
        .map((entry) => Array.from(entry))
        .filter(([kind, name]) => kind === 'event' && name === 'sign_up')
        .map(([, , parameters]) => parameters),
    );

  async function signUp(browser: Browser): Promise<string> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/newsletter`);
    const address = nextAddress();
    const box = await fillIn(page, address);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByRole('status')).toBeVisible();
    await page.close();
    return confirmationPath(address);
  }

  test('opening the link confirms nothing; its button’s post confirms, once', async ({ browser }) => {
    const link = await signUp(browser);
    // A link checker's GET, as often as it likes.
    for (let check = 0; check < 2; check += 1) expect((await fetch(`${server.url}${link}`)).status).toBe(200);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}${link}`);
    await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
    await expect(page.getByRole('heading', { name: "You're subscribed", level: 1 })).toBeVisible();
    // The link works once.
    await page.goto(`${server.url}${link}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByText(newsletterMessages.linkExpired).first()).toBeVisible();
    await context.close();
  });

  test('with JavaScript the post is sent for the visitor, and sign_up is reported once, in that tab only', async ({
    browser,
  }) => {
    const link = await signUp(browser);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}${link}`);
    await expect(page).toHaveURL(/\/newsletter\/confirmed$/, { timeout: 10_000 });
    await waitForSettled(page);
    await expect.poll(() => signUps(page)).toEqual([{ method: 'newsletter' }]);
    await page.reload();
    await waitForSettled(page);
    expect(await signUps(page)).toEqual([]);
    const other = await context.newPage();
    await other.goto(`${server.url}/newsletter/confirmed`);
    await waitForSettled(other);
    expect(await signUps(other)).toEqual([]);
    await context.close();
  });
});
