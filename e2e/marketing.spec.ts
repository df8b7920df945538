import type { Browser, Page } from '@playwright/test';
import { planIds } from '../src/content/plan-titles.ts';
import { marketingRoutes, waitForAnimations } from './fixtures/marketing.ts';
import { expect, test, waitForSettled } from './fixtures/test.ts';

async function withoutJavaScript(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('home page', () => {
  test('the hero offers Book Free Consult and Compare Plans', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: marketingRoutes[0].h1 });
    await expect(hero.getByRole('link', { name: 'Book Free Consult', exact: true })).toHaveAttribute(
      'href',
      '/start-project',
    );
    await expect(hero.getByRole('link', { name: 'Compare Plans', exact: true })).toHaveAttribute('href', '#compare');
    await expect(page.locator('section#services')).toBeAttached();
  });

  test('the built-in audience claims 5,000+ subscribers and about 61% open rate', async ({ page }) => {
    await page.goto('/');
    const audience = page.getByRole('region', { name: 'A local audience that actually reads' });
    await expect(audience).toContainText('5,000+');
    await expect(audience).toContainText('61%');
    await expect(audience).toContainText('about 61%');
  });

  test('industries served are a line of chips with their lucide icons, linking nowhere', async ({ page }) => {
    await page.goto('/');
    const industries = page.getByRole('region', { name: 'Industries we serve' });
    await expect(industries.getByRole('listitem')).toHaveCount(8);
    for (const icon of ['briefcase', 'dumbbell', 'utensils', 'wrench', 'shopping-bag', 'tag', 'calendar', 'user']) {
      await expect(industries.locator(`svg.lucide-${icon}`)).toHaveCount(1);
    }
    // Drawn as lucide draws them: outlines in the text's colour (the stylesheet's .lucide rule).
    const briefcase = industries.locator('svg.lucide-briefcase');
    await expect(briefcase).toHaveCSS('fill', 'none');
    await expect(briefcase).toHaveCSS('stroke-width', '2px');
    await expect(briefcase).toHaveCSS('stroke-linecap', 'round');
    await expect(briefcase).toHaveCSS('width', '16px');
    await expect(industries.getByRole('link')).toHaveCount(0);
  });

  test('at 375px the first price is within the first two screens, in the packages at a glance under the hero', async ({
    page,
  }) => {
    const screen = { width: 375, height: 812 };
    await page.setViewportSize(screen);
    await page.goto('/');
    const glance = page.getByRole('region', { name: 'Three fixed-price packages' });
    const firstPrice = glance.getByText('$750', { exact: true });
    const top = await firstPrice.evaluate((price) => price.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(2 * screen.height);
    for (const [name, planId] of [
      ['Start with Visibility Boost', 'visibility-boost'],
      ['Start with Local Launch', 'local-launch'],
      ['Start with Growth Partner', 'growth'],
    ] as const) {
      const link = glance.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', `/start-project?plan=${planId}`);
      await expect(link).toHaveAttribute('data-cta', `compare-${planId}`);
    }
    // Each price with its note on the line under it.
    await expect(glance.locator('[data-compare-plan="local-launch"]')).toContainText('$1,500founding rate inc. GST');
    await expect(glance.locator('[data-compare-plan="growth"]')).toContainText(
      '$997per month inc. GST, 3-month minimum',
    );
  });

  test('how it works, the FAQ and the consult form are on the page', async ({ page }) => {
    await page.goto('/');
    const steps = page.getByRole('region', { name: 'From free consult to local results in four steps' });
    await expect(steps.getByRole('listitem')).toHaveCount(4);
    await expect(steps).toContainText('30-minute strategy call');
    await expect(steps).toContainText('within 48 hours');
    await expect(page.getByRole('region', { name: 'Questions, answered' }).locator('details')).toHaveCount(5);
    await expect(page.locator('section#consult')).toContainText('Free 15-minute consult');
    await expect(page.locator('section#consult')).toContainText('Reply within 1 business day');
  });
});

test.describe('packages and prices', () => {
  for (const path of ['/', '/services']) {
    test(`${path} shows every package with its exact price, timeline and button`, async ({ page }) => {
      await page.goto(path);
      const card = (name: string) => page.getByRole('article', { name });

      const boost = card('Visibility Boost');
      await expect(boost).toContainText('$750');
      await expect(boost).toContainText('once-off');
      await expect(boost).toContainText('Delivered in 2 weeks');
      await expect(boost.getByRole('link', { name: 'Start with Visibility Boost' })).toHaveAttribute(
        'href',
        '/start-project?plan=visibility-boost',
      );

      const launch = card('Local Launch Pack');
      await expect(launch).toContainText('Most popular');
      await expect(launch).toContainText('$1,500');
      await expect(launch).toContainText('founding rate');
      await expect(launch.locator('s')).toHaveText('$3,000');
      await expect(launch).toContainText('Regular price $3,000');
      await expect(launch).toContainText('Founding rate – first 10 clients');
      await expect(launch).toContainText('Delivered in 4 weeks');
      await expect(launch.getByRole('link', { name: 'Start with Local Launch' })).toHaveAttribute(
        'href',
        '/start-project?plan=local-launch',
      );

      const growth = card('Growth Partner');
      await expect(growth).toContainText('$997');
      await expect(growth).toContainText('per month');
      await expect(growth).toContainText('3-month minimum');
      await expect(growth).toContainText('Results over 3–6 months');
      await expect(growth.getByRole('link', { name: 'Start with Growth Partner' })).toHaveAttribute(
        'href',
        '/start-project?plan=growth',
      );

      for (const [name, planId] of [
        ['Paid Ads Management', 'paid-ads'],
        ['Additional Content', 'additional-content'],
        ['Advanced SEO', 'advanced-seo'],
      ] as const) {
        await expect(card(name)).toContainText('Custom pricing');
        await expect(card(name).getByRole('link')).toHaveAttribute('href', `/start-project?plan=${planId}`);
      }

      await expect(page.locator('section#services').getByText('Founding offer:')).toBeVisible();
      await expect(page.locator('section#services')).toContainText('first 10 clients');
    });
  }

  for (const path of ['/', '/services'])
    test(`${path}: at 1280px the three packages' buttons line up`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      const buttons = page.locator('section#services article').getByRole('link', { name: /^Start with / });
      await expect(buttons).toHaveCount(3);
      // Each card slides up as it fades in, and a card parsed a frame later is a frame behind: measure them settled.
      await waitForAnimations(page);
      const bottoms = await buttons.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().bottom));
      // To a hundredth of a pixel: layout in fractions of a pixel once left two bottoms 1.0002 px apart.
      expect(Math.round((Math.max(...bottoms) - Math.min(...bottoms)) * 100) / 100).toBeLessThanOrEqual(1);
    });

  test('a package card lists its first three features and opens the rest, without JavaScript too', async ({
    browser,
  }) => {
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/services');
      const card = page.getByRole('article', { name: 'Visibility Boost' });
      await expect(card.getByRole('listitem').filter({ visible: true })).toHaveCount(3);
      await card.getByText('Show 3 more inclusions').click();
      await expect(card.getByRole('listitem').filter({ visible: true })).toHaveCount(6);
      await expect(card.getByText('A plain-English summary with your next steps')).toBeVisible();
    });
  });

  test('the popular package stands out from the others', async ({ page }) => {
    await page.goto('/services');
    const popular = page.getByRole('article', { name: 'Local Launch Pack' });
    const other = page.getByRole('article', { name: 'Visibility Boost' });
    const background = (locator: typeof popular) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(popular)).not.toBe(await background(other));
  });

  test('the /services hero offers Book Free Consult and View Packages anchored to #services', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('link', { name: 'Book Free Consult', exact: true }).first()).toHaveAttribute(
      'href',
      '/start-project',
    );
    await expect(page.getByRole('link', { name: 'View Packages' })).toHaveAttribute('href', '#services');
  });

  test('a package button leads to /start-project naming that package', async ({ page }) => {
    await page.goto('/services');
    await waitForSettled(page);
    await page.getByRole('link', { name: 'Start with Growth Partner' }).click();
    await expect(page).toHaveURL('/start-project?plan=growth');
    await expect(page.getByText("You've chosen: Growth Partner")).toBeVisible();
  });
});

test.describe('at 1280px the packages look finished', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the comparison under the hero: its buttons on one line, each price note on one line, the highlight named', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForAnimations(page);
    const cards = page.locator('#compare li');
    await expect(cards).toHaveCount(3);
    const buttons = await Promise.all(
      ['Visibility Boost', 'Local Launch Pack', 'Growth Partner'].map(async (title) => {
        const link = page.locator('#compare').getByRole('link', { name: `Start with ${title.replace(' Pack', '')}` });
        return (await link.boundingBox())!.y;
      }),
    );
    expect(new Set(buttons.map(Math.round)).size, `the buttons' heights: ${buttons.join(', ')}`).toBe(1);
    for (const card of await cards.all()) {
      const note = card.locator('p', { hasText: /inc\. GST/ });
      const lines = await note.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, (await note.textContent()) ?? '').toBe(1);
    }
    await expect(page.locator('#compare [data-compare-plan="local-launch"]')).toContainText('Most popular');
  });

  test('the add-ons’ prices line up', async ({ page }) => {
    await page.goto('/services');
    await waitForAnimations(page);
    const tops = await Promise.all(
      ['paid-ads', 'additional-content', 'advanced-seo'].map(
        async (planId) =>
          (await page.locator(`article[data-plan="${planId}"]`).getByText('Custom pricing').boundingBox())!.y,
      ),
    );
    expect(new Set(tops.map(Math.round)).size, `the prices' heights: ${tops.join(', ')}`).toBe(1);
  });
});

test.describe('/start-project', () => {
  test('promises a reply within 1 business day', async ({ page }) => {
    await page.goto('/start-project');
    await expect(page.getByRole('main')).toContainText('reply within 1 business day');
  });

  const phone = { width: 375, height: 812 };
  for (const path of ['/start-project', ...planIds.map((planId) => `/start-project?plan=${planId}`)]) {
    test(`${path} shows its heading, its promise and the form's first field on a 375 × 812 phone's first screen, with and without JavaScript`, async ({
      browser,
    }) => {
      for (const javaScriptEnabled of [true, false]) {
        const context = await browser.newContext({ javaScriptEnabled, viewport: phone });
        const page = await context.newPage();
        await page.goto(path);
        if (javaScriptEnabled) await waitForSettled(page);
        const heading = page.getByRole('heading', { level: 1, name: 'Book your free 15-minute consult' });
        const promise = page.getByText("We'll reply within 1 business day.", { exact: true });
        const firstField = page.getByRole('form', { name: 'Send us your details' }).getByLabel('First name');
        for (const shown of [heading, promise, firstField]) {
          const box = await shown.boundingBox();
          expect(box, `${await shown.textContent()}`).not.toBeNull();
          expect(box!.y, 'no scrolling needed').toBeGreaterThanOrEqual(0);
          expect(
            box!.y + box!.height,
            `the bottom of what ${javaScriptEnabled ? 'hydrated' : 'plain'} ${path} shows`,
          ).toBeLessThanOrEqual(phone.height);
        }
        // The questions come after the form.
        const faq = page.getByRole('heading', { level: 2, name: 'Questions, answered' });
        expect((await faq.boundingBox())!.y).toBeGreaterThan((await firstField.boundingBox())!.y);
        await context.close();
      }
    });
  }

  for (const viewport of [phone, { width: 1280, height: 800 }])
    test(`the heading keeps "15-minute" on one line at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/start-project');
      const lines = await page.getByRole('heading', { level: 1 }).evaluate((heading) => {
        const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent?.indexOf('15-minute') ?? -1;
          if (at === -1) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + '15-minute'.length);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }
        return 0;
      });
      expect(lines).toBe(1);
    });

  test('names the chosen package from ?plan=, also with JavaScript off', async ({ page, browser }) => {
    await page.goto('/start-project?plan=local-launch');
    await waitForSettled(page);
    await expect(page.getByText("You've chosen: Local Launch Pack")).toBeVisible();
    await withoutJavaScript(browser, async (noJs) => {
      await noJs.goto('/start-project?plan=visibility-boost');
      await expect(noJs.getByText("You've chosen: Visibility Boost")).toBeVisible();
    });
  });

  test('an unknown plan is ignored', async ({ page }) => {
    const response = await page.goto('/start-project?plan=platinum-deluxe');
    expect(response?.status()).toBe(200);
    await waitForSettled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book your free 15-minute consult');
    await expect(page.getByText("You've chosen")).toHaveCount(0);
  });
});

test.describe('FAQ accordion', () => {
  test('/faq lists all eleven questions, closed at first', async ({ page }) => {
    await page.goto('/faq');
    const items = page.locator('details');
    await expect(items).toHaveCount(11);
    await expect(page.getByText('Am I locked into a contract?')).toBeVisible();
    await expect(page.getByText('3-month minimum, because local marketing')).toBeHidden();
  });

  test('a question toggles open and closed', async ({ page }) => {
    await page.goto('/faq');
    await waitForSettled(page);
    const question = page.getByText('What is the founding rate?');
    const answer = page.getByText('Our first 10 clients get the Local Launch Pack');
    await question.click();
    await expect(answer).toBeVisible();
    await expect(page.locator('details', { has: answer })).toHaveAttribute('open', '');
    await question.click();
    await expect(answer).toBeHidden();
  });

  test('a question toggles with the keyboard', async ({ page }) => {
    await page.goto('/faq');
    await waitForSettled(page);
    const summary = page.locator('summary', { hasText: 'How quickly do you start?' });
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Work starts within 48 hours of you confirming your package. Visibility Boost'),
    ).toBeVisible();
  });

  test('a question toggles open and closed with JavaScript off', async ({ browser }) => {
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/faq');
      const question = page.getByText('Who reads your newsletter?');
      const answer = page.getByText('Our local email newsletter goes to 5,000+ subscribers');
      await expect(answer).toBeHidden();
      await question.click();
      await expect(answer).toBeVisible();
      await question.click();
      await expect(answer).toBeHidden();
    });
  });
});

test.describe('about and how it works', () => {
  test('/about tells the story and gives three reasons', async ({ page }) => {
    await page.goto('/about');
    const reasons = page.getByRole('region', { name: 'Three reasons local businesses choose us' });
    await expect(reasons.getByRole('heading', { level: 3 })).toHaveText([
      'Fixed, upfront prices',
      'A built-in local audience',
      'Fast, responsive service',
    ]);
    await expect(page.getByRole('region', { name: 'Our story' })).toContainText('about 61%');
  });

  test('/how-it-works shows the four steps in order', async ({ page }) => {
    await page.goto('/how-it-works');
    const steps = page.getByRole('region', { name: 'From free consult to local results in four steps' });
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Book your free 15-minute consult',
      'Plan it on a 30-minute strategy call',
      'We start within 48 hours',
      'Report and grow',
    ]);
    await expect(steps.getByRole('listitem')).toContainText(['Step 1', 'Step 2', 'Step 3', 'Step 4']);
  });
});

test.describe('not found', () => {
  test('an unknown route answers 404 with Page Not Found and a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await waitForSettled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(marketingRoutes[0].h1);
  });
});
