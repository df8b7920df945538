import type { Page } from '@playwright/test';
import { buttonExpanded } from './fixtures/accessibility-tree.ts';
import { waitForAnimations } from './fixtures/marketing.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };

test.describe('header', () => {
  test('shows the logo, the links and Get My Custom Plan', async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Newcastle Marketing Studio' })).toHaveAttribute('href', '/');
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Services', 'How It Works', 'About', 'Blog', 'FAQ']);
    await expect(header.getByRole('link', { name: 'Get My Custom Plan' })).toHaveAttribute('href', '/start-project');
    // The phone number as text, beside the call to action.
    await expect(header.getByRole('link', { name: 'Call (02) 4929 7150' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Call (02) 4929 7150' })).toContainText('(02) 4929 7150');
  });

  test('at 375px the header carries the phone number as a call button, on the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/start-project');
    const call = page.getByRole('banner').getByRole('link', { name: 'Call (02) 4929 7150' });
    await expect(call).toHaveAttribute('href', 'tel:+61249297150');
    await expect(call).toBeInViewport({ ratio: 1 });
    const [logo, menu] = await Promise.all([
      page.getByRole('banner').getByRole('link', { name: 'Newcastle Marketing Studio' }).boundingBox(),
      page.getByRole('button', { name: 'Open menu' }).boundingBox(),
    ]);
    const box = (await call.boundingBox())!;
    // Between the logo and the menu, and the logo still fits the header's height.
    expect(box.x).toBeGreaterThanOrEqual(logo!.x + logo!.width);
    expect(box.x + box.width).toBeLessThanOrEqual(menu!.x);
    expect(logo!.height).toBeLessThanOrEqual(40);
  });

  test('the header gains a shadow after scrolling more than 50px', async ({ page }) => {
    await page.goto('/');
    await waitForSettled(page);
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(header).toHaveCSS('box-shadow', 'none');
    await page.evaluate(() => window.scrollTo({ top: 50, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo({ top: 51, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).not.toHaveCSS('box-shadow', 'none');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('the header has its shadow when the page opens scrolled down, at an anchor', async ({ page }) => {
    await page.goto('/#consult');
    await waitForSettled(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
  });
});

const menuButtonExpanded = (page: Page) => buttonExpanded(page, /^(Open|Close) menu$/);

test.describe('mobile menu', () => {
  test.use({ viewport: phone });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });

      test('opens and closes with the toggle, which says whether it is expanded', async ({ page }) => {
        await page.goto('/');
        if (javaScriptEnabled) await waitForSettled(page);
        const menu = page.getByRole('navigation', { name: 'Mobile' });
        await expect(menu).toBeHidden();
        expect(await menuButtonExpanded(page)).toBe(false);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(menu.getByRole('link')).toHaveText([
          'Call (02) 4929 7150',
          'Services',
          'How It Works',
          'About',
          'Blog',
          'FAQ',
          'Get My Custom Plan',
        ]);
        expect(await menuButtonExpanded(page)).toBe(true);
        await page.getByRole('button', { name: 'Close menu' }).click();
        await expect(menu).toBeHidden();
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
        expect(await menuButtonExpanded(page)).toBe(false);
      });

      test('closes on Escape and returns focus to the toggle, and on a tap outside', async ({ page }) => {
        await page.goto('/');
        if (javaScriptEnabled) await waitForSettled(page);
        const menu = page.getByRole('navigation', { name: 'Mobile' });
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(menu).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(menu).toBeVisible();
        // A tap on the page below the menu.
        await page.mouse.click(phone.width / 2, phone.height - 150);
        await expect(menu).toBeHidden();
      });

      test('reaches every page', async ({ page }) => {
        for (const [name, path] of [
          ['Services', '/services'],
          ['How It Works', '/how-it-works'],
          ['About', '/about'],
          ['Blog', '/blog'],
          ['FAQ', '/faq'],
          ['Get My Custom Plan', '/start-project'],
        ] as const) {
          await page.goto('/');
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name }).click();
          await expect(page).toHaveURL(path);
          await expect(page.getByRole('main')).toBeVisible();
        }
      });
    });
  }
});

test.describe('mobile consult bar', () => {
  test('is shown at 375px with Book Free Consult once the hero’s own button has left the screen, and without JavaScript', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(phone);
    await page.goto('/');
    await waitForSettled(page);
    const bar = page.getByRole('complementary', { name: 'Book a free consult' });
    // The first screen asks once: the hero's Book Free Consult is on it.
    await expect(page.getByRole('main').getByRole('link', { name: 'Book Free Consult' }).first()).toBeInViewport();
    await expect(bar).toBeHidden();
    await page.locator('#compare').scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Book Free Consult' })).toHaveAttribute('href', '/start-project');
    // It slides in: measured once it has arrived.
    await expect
      .poll(async () => Math.round((await bar.boundingBox())!.y + (await bar.boundingBox())!.height))
      .toBe(phone.height);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const noJs = await context.newPage();
    await noJs.goto('/');
    await expect(noJs.getByRole('complementary', { name: 'Book a free consult' })).toBeVisible();
    await context.close();
  });

  test('is aside on / and in place elsewhere from the first paint, before the page’s scripts run', async ({ page }) => {
    await page.setViewportSize(phone);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const bar = page.getByRole('complementary', { name: 'Book a free consult' });
    // The home hero's own Book Free Consult is on the first screen: the bar never shows over it, not even at first.
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar).toBeHidden();
    await page.goto('/blog', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar).toBeVisible();
    release();
    await waitForSettled(page);
    await expect(bar).toBeVisible();
  });

  test('is absent at 1280px', async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto('/');
    await waitForSettled(page);
    await expect(page.getByTestId('mobile-consult-bar')).toBeHidden();
    await expect(page.getByTestId('mobile-consult-bar')).toHaveCSS('display', 'none');
  });

  test('never covers the footer’s last line when scrolled to the bottom', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/faq');
    await waitForSettled(page);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const lastLine = page.getByRole('contentinfo').getByText('© 2025');
    await expect(lastLine).toBeInViewport({ ratio: 1 });
    // The page leaves room for the bar below the last line, so the line would stay clear even with the bar showing.
    const room = await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="mobile-consult-bar"]')!.getBoundingClientRect();
      const text = document.createRange();
      text.selectNodeContents([...document.querySelectorAll('footer p')].at(-1)!);
      return { barTop: window.innerHeight - bar.height, textBottom: text.getBoundingClientRect().bottom };
    });
    expect(room.textBottom).toBeLessThanOrEqual(room.barTop);
    await expect(page.getByRole('complementary', { name: 'Book a free consult' })).toBeHidden();
  });

  test('steps aside while the consult form is in view', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/');
    await waitForSettled(page);
    const bar = page.getByRole('complementary', { name: 'Book a free consult' });
    await page.locator('#compare').scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await page.locator('#consult').scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await page.locator('#compare').scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
  });
});

/** Whether the mobile consult bar is what shows at any point where it and the consult form meet on screen. */
const barCoversForm = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('[data-testid="mobile-consult-bar"]');
    const form = document.querySelector('form[action="/api/enquiries"]');
    if (!bar || !form) return false;
    const a = bar.getBoundingClientRect();
    const b = form.getBoundingClientRect();
    const top = Math.max(a.top, b.top);
    const bottom = Math.min(a.bottom, b.bottom, window.innerHeight);
    const left = Math.max(a.left, b.left);
    const right = Math.min(a.right, b.right);
    if (top >= bottom || left >= right) return false;
    for (let x = left + 1; x < right; x += 8)
      for (let y = top + 1; y < bottom; y += 8) if (bar.contains(document.elementFromPoint(x, y))) return true;
    return false;
  });

test.describe('the mobile consult bar and the form', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('on /start-project the bar never covers the form, before the scripts run, after, and without them', async ({
    page,
    browser,
  }) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/start-project', { waitUntil: 'commit' });
    await expect(page.getByRole('form', { name: 'Send us your details' })).toBeVisible();
    expect(await barCoversForm(page)).toBe(false);
    release();
    await waitForSettled(page);
    expect(await barCoversForm(page)).toBe(false);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const noJs = await context.newPage();
    await noJs.goto('/start-project');
    expect(await barCoversForm(noJs)).toBe(false);
    // The page that comes back with problems, scrolled to its summary.
    await noJs.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(noJs.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
    expect(await barCoversForm(noJs)).toBe(false);
    await context.close();
  });

  test('without JavaScript the bar never covers a page’s form as it scrolls by', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    for (const path of ['/', '/services', '/how-it-works', '/about', '/faq']) {
      await page.goto(path);
      const bar = page.getByRole('complementary', { name: 'Book a free consult' });
      await expect(bar).toBeVisible();
      for (const field of ['First name', 'Phone (optional)', 'What do you need? (optional)']) {
        await page
          .getByLabel(field)
          .evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }));
        // A part of the page skipped until near the screen is laid out in the next frame.
        await expect.poll(() => barCoversForm(page), `${path}: ${field}`).toBe(false);
      }
    }
    await context.close();
  });
});

test.describe('footer', () => {
  test('has the consult call to action, quick links, services links, contact details and © 2025', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Book Free Consult' })).toHaveAttribute('href', '/start-project');
    const quick = footer.getByRole('navigation', { name: 'Quick links' });
    for (const name of ['Home', 'Services', 'How It Works', 'About', 'Blog', 'FAQ']) {
      await expect(quick.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const services = footer.getByRole('navigation', { name: 'Services' });
    await expect(services.getByRole('link', { name: 'Local Launch Pack' })).toHaveAttribute(
      'href',
      '/start-project?plan=local-launch',
    );
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer).toContainText('© 2025');
    await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  test('shows the studio’s service area, and no business detail it has not set', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Serving Newcastle, NSW')).toBeVisible();
    await expect(footer).not.toContainText('ABN');
    await expect(footer.getByRole('list', { name: 'Follow us' })).toHaveCount(0);
  });

  for (const viewport of [phone, desktop])
    test(`its email address wraps, if at all, only after the @, at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const email = page.getByRole('contentinfo').locator('a[href^="mailto:"]');
      await expect(email).toBeVisible();
      // Each side of the @ stays on one line: the address breaks nowhere else.
      const linesPerSide = await email.evaluate((link) =>
        [...link.querySelectorAll('span')].flatMap((span) =>
          [...span.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent)
            .map((node) => {
              const range = document.createRange();
              range.selectNodeContents(node);
              return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
            }),
        ),
      );
      expect(linesPerSide).toEqual([1, 1]);
    });
});

test.describe('scrolling on navigation', () => {
  test('Compare Plans lands on the compact comparison under the hero', async ({ page }) => {
    await page.goto('/');
    await waitForSettled(page);
    await page.getByRole('link', { name: 'Compare Plans' }).click();
    await expect(page).toHaveURL('/#compare');
    await expect(page.locator('#compare').getByRole('link', { name: 'Start with Growth Partner' })).toBeInViewport();
  });

  for (const javaScriptEnabled of [true, false])
    test(`Change package moves to the form’s own package field on the same page, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: phone });
      const page = await context.newPage();
      await page.goto('/start-project?plan=growth');
      if (javaScriptEnabled) await waitForSettled(page);
      await page.getByRole('link', { name: 'Change package' }).click();
      await expect(page).toHaveURL('/start-project?plan=growth#enquiry-plan');
      await expect(page.getByLabel('Package (optional)')).toBeInViewport();
      await expect(page.getByText('Package (optional)')).toBeInViewport();
      await context.close();
    });
});

test.describe('a page whose code cannot load', () => {
  const aboutChunk = /\/assets\/AboutPage-[\w-]+\.js$/;
  test.use({ expectedFailedLoads: [aboutChunk] });

  test('stays the page the server sent, and its links and menu still work (a release replaced its code)', async ({
    page,
  }) => {
    await page.route(aboutChunk, (route) => route.fulfill({ status: 404 }));
    await page.setViewportSize(phone);
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Newcastle studio for Newcastle businesses');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL('/services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('loading on a slow phone', () => {
  // A slow connection and CPU make the browser paint pages before their HTML has all arrived: nothing painted
  // then may move when the rest comes in or when the page hydrates.
  for (const path of ['/', '/services', '/blog', '/blog/google-business-profile-newcastle']) {
    test(`${path} does not shift while it loads`, async ({ page, context }) => {
      await page.setViewportSize(phone);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: 200_000,
        uploadThroughput: 80_000,
      });
      await page.addInitScript(() => {
        const shifts: string[] = [];
        const record = (entries: PerformanceEntryList) => {
          for (const entry of entries as (PerformanceEntry & {
            value: number;
            sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          })[])
            for (const source of entry.sources ?? [])
              shifts.push(
                `${entry.value.toFixed(3)} ${source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : source.node?.nodeName} moved from ${JSON.stringify(source.previousRect)} to ${JSON.stringify(source.currentRect)}`,
              );
        };
        const observer = new PerformanceObserver((list) => record(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        // Every shift so far, including those the observer has not been handed yet.
        Object.assign(window, { layoutShifts: () => (record(observer.takeRecords()), shifts) });
      });
      await page.goto(path);
      await waitForSettled(page);
      // Settled: every chunk the page loads has arrived and the fade-ins are over.
      await page.waitForLoadState('networkidle');
      await waitForAnimations(page);
      const shifts = await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        return (window as unknown as { layoutShifts: () => string[] }).layoutShifts();
      });
      expect(shifts).toEqual([]);
    });
  }
});
