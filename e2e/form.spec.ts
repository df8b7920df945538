import { hubspot, hubspotScript, stubHubSpot } from './fixtures/marketing.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

test.describe('embedded consult form', () => {
  test('is created once with region ap1, the portal and form ids and its container as target', async ({ page }) => {
    await stubHubSpot(page);
    await page.goto('/start-project');
    await waitForSettled(page);
    const form = page.locator('#consult-form form');
    await expect(form).toBeVisible();
    const calls = await page.evaluate(() => window.__hsCalls);
    expect(calls).toEqual([{ ...hubspot, target: '#consult-form' }]);
    // Scrolling the form into view (the other trigger) creates nothing more.
    await form.scrollIntoViewIfNeeded();
    await expect(page.locator('#consult-form form')).toHaveCount(1);
    expect(await page.evaluate(() => window.__hsCalls?.length)).toBe(1);
  });

  test('loads the provider’s script once per page, and creates its form on each page visited', async ({ page }) => {
    const scriptRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url() === hubspotScript) scriptRequests.push(request.url());
    });
    await stubHubSpot(page);
    await page.goto('/about');
    // The form is far below the first screen: it wakes, and creates the provider's form, as it nears the screen.
    await page.locator('#consult').scrollIntoViewIfNeeded();
    await waitForSettled(page);
    await expect(page.locator('#consult-form form')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Get My Custom Plan' }).first().click();
    await expect(page).toHaveURL('/start-project');
    // A link loads the next page in full: its own script and its own form.
    await expect(page.locator('#consult-form form')).toBeVisible();
    expect(await page.evaluate(() => window.__hsCalls?.length)).toBe(1);
    expect(scriptRequests).toHaveLength(2);
  });

  test('is given the chosen plan as context in its hidden plan field', async ({ page }) => {
    await stubHubSpot(page);
    await page.goto('/start-project?plan=local-launch');
    await waitForSettled(page);
    await expect(page.getByText("You've chosen: Local Launch Pack")).toBeVisible();
    await expect(page.locator('#consult-form input[name="plan"]')).toHaveValue('local-launch');
  });

  test('a submission shows a success toast that goes after 5 seconds', async ({ page }) => {
    await stubHubSpot(page);
    await page.goto('/start-project');
    await waitForSettled(page);
    await page.getByLabel('Your email').fill('owner@example.com');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText("Thanks! Your enquiry is in. We'll reply within 1 business day.");
    await expect(toast).toHaveAttribute('data-type', 'success');
    await expect(toast).toHaveCount(0, { timeout: 8000 });
  });

  test('a toast swiped to the right is dismissed', async ({ page }) => {
    await stubHubSpot(page);
    await page.goto('/start-project');
    await waitForSettled(page);
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    // hover() waits until the toast has finished sliding in. The drag starts at its empty right edge, so
    // that it selects no text (sonner ignores a drag that does).
    const size = (await toast.boundingBox())!;
    await toast.hover({ position: { x: size.width - 6, y: size.height - 6 } });
    const box = (await toast.boundingBox())!;
    const x = box.x + box.width - 6;
    const y = box.y + box.height - 6;
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(x + step * 15, y);
    await page.mouse.up();
    // Dismissed long before the 5 s it would otherwise stay.
    await expect(toast).toHaveCount(0, { timeout: 2_000 });
  });

  test('only one toast is visible at a time', async ({ page }) => {
    await stubHubSpot(page);
    await page.goto('/start-project');
    await waitForSettled(page);
    const send = page.getByRole('button', { name: 'Send enquiry' });
    await send.click();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
    await send.click();
    await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(1);
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'bottom');
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'right');
  });

  test('shows the site’s own form, with tel: and mailto: links beside it, when the script is blocked', async ({
    page,
  }) => {
    // The base fixture blocks every outside host, the provider's included.
    await page.goto('/start-project');
    await waitForSettled(page);
    const card = page.locator('[data-form-status]');
    await expect(card).toHaveAttribute('data-form-status', 'failed');
    await expect(card.getByRole('form', { name: 'Send us your details' })).toBeVisible();
    await expect(card.locator('a[href^="tel:+61"]')).toBeVisible();
    await expect(card.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(page.locator('#consult-form')).toBeEmpty();
  });

  test('the server’s HTML already offers phone and email next to the form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const consult = page.locator('section#consult');
    await expect(consult.locator('a[href^="tel:"]')).toBeVisible();
    await expect(consult.locator('a[href^="mailto:"]')).toBeVisible();
    await context.close();
  });
});
