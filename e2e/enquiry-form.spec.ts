import type { Locator, Page } from '@playwright/test';
import { ownFormPort } from '../playwright.config.ts';
import { enquiryForm } from '../src/content/enquiry-form.ts';
import { tokenFieldName } from '../src/shared/page-contract.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { fillConsultForm, useTokenOldEnough } from './fixtures/enquiry-form.ts';
import { hubspotScript, stubHubSpot } from './fixtures/marketing.ts';
import { expect, test, waitForSettled, waitForIdle } from './fixtures/test.ts';

const ownFormSite = `http://localhost:${ownFormPort}`;
// Axe and three servers on a shared two-core machine: generous, so only a real failure fails.
test.setTimeout(90_000);
const thanksToast = "Thanks! Your enquiry is in. We'll reply within 1 business day.";

/** WCAG's contrast ratio of `text`'s colour on `box`'s background, both opaque. */
async function contrastRatio(text: Locator, box: Locator): Promise<number> {
  const luminance = (rgb: string) => {
    const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map((channel) => {
      const c = Number(channel) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const fg = luminance(await text.evaluate((element) => getComputedStyle(element).color));
  const bg = luminance(await box.evaluate((element) => getComputedStyle(element).backgroundColor));
  return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
}

/** Every field of the form filled, with `values` over the defaults. */
const fillIn = (page: Page, values: { firstname?: string; email?: string } = {}) =>
  fillConsultForm(page, {
    firstname: 'Jane',
    lastname: 'Citizen',
    email: 'jane@example.com',
    phone: '0412 345 678',
    company: 'Harbour Café',
    message: 'More locals through the door.',
    ...values,
  });

/** The generate_lead events gtag queued (each an `arguments` object, as Google's snippet pushes). */
const leads = (page: Page) =>
  page.evaluate(() =>
    window.dataLayer
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((entry) => entry[0] === 'event' && entry[1] === 'generate_lead'),
  );

test.describe('the site’s own enquiry form, with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, baseURL: ownFormSite });

  test('a plain post answers 303 and lands on the thank-you page', async ({ page }) => {
    await page.goto('/start-project?plan=growth');
    const form = page.getByRole('form', { name: 'Send us your details' });
    await expect(form.getByLabel('Package (optional)')).toHaveValue('growth');
    await fillIn(page);
    await useTokenOldEnough(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/enquiries')),
      form.getByRole('button', { name: 'Send my enquiry' }).click(),
    ]);
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe('/thank-you');
    await expect(page).toHaveURL(`${ownFormSite}/thank-you`);
    await expect(page).toHaveTitle(/^Thank You \|/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is in');
    await expect(page.getByText('reply within 1 business day, by email or phone')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read local marketing tips on our blog' })).toHaveAttribute(
      'href',
      '/blog',
    );
    await expect(page.getByRole('link', { name: 'Compare our packages' })).toHaveAttribute('href', '/services');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('problems come back GOV.UK style: "Error: " title, a focused summary linking to each field, values kept', async ({
    page,
  }) => {
    await page.goto('/about');
    const form = await fillConsultForm(page, { email: 'jane@', company: 'Harbour & Co' });
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page).toHaveURL(`${ownFormSite}/api/enquiries`);
    await expect(page).toHaveTitle(/^Error: About/);
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: 'Enter your first name' })).toHaveAttribute(
      'href',
      '#enquiry-firstname',
    );
    await expect(
      summary.getByRole('link', { name: 'Enter an email address in the correct format, like name@example.com' }),
    ).toHaveAttribute('href', '#enquiry-email');
    const email = page.getByLabel('Email address');
    await expect(email).toHaveValue('jane@');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(
      /We only use it to reply to you\. Error: Enter an email address in the correct format/,
    );
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Error: Enter your first name');
    await expect(page.getByLabel('Business name (optional)')).toHaveValue('Harbour & Co');

    // Corrected, the same page sends it.
    await fillConsultForm(page, { firstname: 'Jane', email: 'jane@example.com' });
    await useTokenOldEnough(page);
    await page.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page).toHaveURL(`${ownFormSite}/thank-you`);
  });
});

test.describe('the server-rendered states pass axe (the site’s scripts held back, as with JavaScript off)', () => {
  test.use({ baseURL: ownFormSite, expectedFailedLoads: [/\.(js|ts|tsx)(\?|$)/] });

  test.beforeEach(async ({ page }) => {
    // Axe runs as a script of its own, so JavaScript stays on; the site's scripts never load.
    await page.route(/\.(js|ts|tsx)(\?|$)/, (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.fallback(),
    );
  });

  test('the form', async ({ page }) => {
    await page.goto('/start-project?plan=growth');
    await expectNoAxeViolations(page);
  });

  test('the page that comes back with problems', async ({ page }) => {
    await page.goto('/start-project');
    await fillConsultForm(page, { email: 'not an email' });
    await page.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('/thank-you and /privacy', async ({ page }) => {
    await page.goto('/thank-you');
    await expectNoAxeViolations(page);
    await page.goto('/privacy');
    await expectNoAxeViolations(page);
  });
});

test.describe('the site’s own enquiry form, with JavaScript', () => {
  // A refused enquiry is an HTTP error the browser logs; the page handles it.
  test.use({ baseURL: ownFormSite, expectedFailedLoads: [/\/api\/enquiries$/] });

  test('is sent in place: progress, one request only, a thank-you message as the one message (no toast) and one generate_lead', async ({
    page,
  }) => {
    await page.goto('/start-project?plan=local-launch');
    await waitForSettled(page);
    await expect(page.locator('[data-form-status]')).toHaveAttribute('data-form-status', 'failed');
    const form = await fillIn(page);
    await useTokenOldEnough(page);
    let posts = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/enquiries', async (route) => {
      posts += 1;
      await held;
      await route.continue();
    });
    const send = form.getByRole('button', { name: 'Send my enquiry' });
    await send.click();
    const sending = form.getByRole('button', { name: 'Sending…' });
    await expect(sending).toHaveAttribute('aria-disabled', 'true');
    // A second click, and Enter on the focused button, send nothing more.
    await sending.click({ force: true });
    await page.keyboard.press('Enter');
    release();
    await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeFocused();
    await expect(page.getByRole('form', { name: 'Send us your details' })).toHaveCount(0);
    expect(page.url()).toBe(`${ownFormSite}/start-project?plan=local-launch`);
    await expect(page.getByText(enquiryForm.thanksBody)).toBeVisible();
    expect(posts).toBe(1);
    expect(await leads(page)).toEqual([['event', 'generate_lead', { lead_source: 'site-form' }]]);
    // The thanks says it once: no toast repeats it over what follows.
    await waitForIdle(page);
    await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('problems show in place: summary focused, title, links that focus the field; then it sends', async ({
    page,
  }) => {
    await page.goto('/start-project');
    await waitForSettled(page);
    const form = await fillIn(page, { firstname: ' ', email: 'jane@example' });
    await useTokenOldEnough(page);
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(page).toHaveTitle(/^Error: Book a Free Consult \|/);
    const email = form.getByLabel('Email address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/Error: Enter an email address in the correct format/);
    await expectNoAxeViolations(page);
    await summary.getByRole('link', { name: 'Enter your first name' }).click();
    await expect(form.getByLabel('First name')).toBeFocused();
    await fillConsultForm(page, { firstname: 'Jane', email: 'jane@example.com' });
    await useTokenOldEnough(page);
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeVisible();
    await expect(page).toHaveTitle(/^Book a Free Consult \|/);
    expect(await leads(page)).toHaveLength(1);
  });

  test('an expired token is replaced and the enquiry sent again, without the visitor losing it', async ({ page }) => {
    await page.goto('/start-project');
    await waitForSettled(page);
    const form = await fillIn(page);
    await useTokenOldEnough(page);
    // The first post carries what a page cached for days would: a token the server no longer accepts.
    let posts = 0;
    await page.route('**/api/enquiries', async (route) => {
      posts += 1;
      if (posts > 1) return route.continue();
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, string>;
      await route.continue({ postData: JSON.stringify({ ...body, [tokenFieldName]: 'lx0000.expired' }) });
    });
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is in' })).toBeVisible({ timeout: 30_000 });
    expect(posts).toBe(2);
  });

  test('refusals the form cannot fix (too many enquiries) show in the summary with the phone and email beside', async ({
    page,
  }) => {
    await page.goto('/start-project');
    await waitForSettled(page);
    await page.route('**/api/enquiries', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '3600' },
        json: { error: 'We have had a lot of enquiries from your connection in the last hour.', fields: {} },
      }),
    );
    const form = await fillIn(page);
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('We have had a lot of enquiries from your connection in the last hour.');
    await expect(page.locator('section#consult a[href^="tel:"]')).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveValue('Jane');
  });

  test('the thank-you page reports a lead once after a post made before the page’s scripts ran', async ({ page }) => {
    // As the 303 that answered the post set it.
    await page
      .context()
      .addCookies([{ name: 'enquiry_sent', value: '1', domain: 'localhost', path: '/thank-you', sameSite: 'Lax' }]);
    await page.goto('/thank-you');
    await waitForSettled(page);
    await expect.poll(() => leads(page)).toHaveLength(1);
    await page.reload();
    await waitForSettled(page);
    expect(await leads(page)).toEqual([]);
  });

  test('/privacy explains storage, forwarding, deletion and whom to contact', async ({ page }) => {
    await page.goto('/start-project');
    await page.getByRole('link', { name: 'How we handle your details' }).click();
    await expect(page).toHaveURL(`${ownFormSite}/privacy`);
    for (const heading of ['Where your details are stored', 'How long we keep them, and deleting them', 'Contact us'])
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('main').locator('a[href^="mailto:"]')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('with HubSpot configured', () => {
  test('a blocked HubSpot script leaves the own form in place, never a failure message', async ({ page }) => {
    await page.route(hubspotScript, (route) => route.abort('blockedbyclient'));
    await page.goto('/start-project');
    await waitForSettled(page);
    await expect(page.locator('[data-form-status]')).toHaveAttribute('data-form-status', 'failed');
    await expect(page.getByRole('form', { name: 'Send us your details' })).toBeVisible();
    await expect(page.getByText("couldn't load")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('HubSpot’s form replaces the own form once ready, and its submission sends one generate_lead', async ({
    page,
  }) => {
    await stubHubSpot(page);
    await page.goto('/start-project');
    // Before the provider's script, the server's HTML has the own form.
    await expect(page.getByRole('form', { name: 'Send us your details' })).toBeVisible();
    await waitForSettled(page);
    await expect(page.locator('#consult-form form')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Send us your details' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText(thanksToast);
    await expect(toast).toHaveAttribute('data-type', 'success');
    expect(await leads(page)).toEqual([['event', 'generate_lead', { lead_source: 'hubspot-form' }]]);
    // Hovering the toast, as a reader does, holds it past its 5 s; it slides in semi-transparent once mounted.
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    await toast.hover();
    // Axe skips text over a toast that overlaps the page, so the toast's own colours are checked directly.
    expect(await contrastRatio(toast.locator('[data-title]'), toast)).toBeGreaterThanOrEqual(4.5);
  });

  test('a HubSpot form not ready within 8 s is given up: the own form stays', async ({ page }) => {
    await page.clock.install();
    let serve: () => void = () => {};
    const late = new Promise<void>((resolve) => (serve = resolve));
    await page.route(hubspotScript, async (route) => {
      await late;
      await route.abort('timedout');
    });
    await page.goto('/start-project');
    // Playwright's clock replaces \`performance\`, so the hydration mark is not seen: the form's state says enough.
    await expect(page.locator('[data-form-status]')).toHaveAttribute('data-form-status', 'loading');
    await page.clock.runFor(8_000);
    await expect(page.locator('[data-form-status]')).toHaveAttribute('data-form-status', 'failed');
    await expect(page.getByRole('form', { name: 'Send us your details' })).toBeVisible();
    serve();
  });

  test('a visitor already typing in the own form keeps it when HubSpot becomes ready', async ({ page }) => {
    let serve: () => void = () => {};
    const late = new Promise<void>((resolve) => (serve = resolve));
    await stubHubSpot(page);
    // Registered last, so it runs first: it holds the script back, then hands it to the stub.
    await page.route(hubspotScript, async (route) => {
      await late;
      await route.fallback();
    });
    await page.goto('/start-project');
    await waitForSettled(page);
    await fillConsultForm(page, { firstname: 'Jane' });
    serve();
    await expect.poll(() => page.evaluate(() => window.__hsCalls?.length ?? 0)).toBe(1);
    await expect(page.locator('[data-form-status]')).toHaveAttribute('data-form-status', 'failed');
    await expect(page.getByLabel('First name')).toHaveValue('Jane');
  });
});
