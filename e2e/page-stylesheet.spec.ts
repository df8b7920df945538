import type { Page } from '@playwright/test';
import { sitePages } from './fixtures/site-pages.ts';
import { expect, test, waitForIdle } from './fixtures/test.ts';

// Each page inlines only the rules its server HTML uses, and applies the whole stylesheet once it has hydrated: the
// page must look the same as with the whole stylesheet, before its scripts run and in every state they bring.

// Without the hero's and cards' fade-in, which would be caught at different moments of its run.
test.use({ reducedMotion: 'reduce' });

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };

/**
 * Every element's computed style, and its ::before's and ::after's where they show, one line per element in document
 * order: with every disclosure and the menu open, so that what they hide is laid out and compared too, and
 * transitions run to their end.
 */
const computedStyles = (page: Page) =>
  page.evaluate(() => {
    document.querySelectorAll('details').forEach((details) => (details.open = true));
    document.querySelectorAll<HTMLElement>('[popover]:not(:popover-open)').forEach((popover) => popover.showPopover());
    document.getAnimations().forEach((animation) => animation.finish());
    const declarations = (style: CSSStyleDeclaration) =>
      [...style].map((property) => `${property}:${style.getPropertyValue(property)}`).join(';');
    return [...document.body.querySelectorAll('*')].map((element) => {
      const pseudos = ['::before', '::after']
        .map((pseudo) => getComputedStyle(element, pseudo))
        .filter((style) => style.content !== 'none')
        .map(declarations);
      return [
        `${element.tagName.toLowerCase()}.${element.className.toString()}`,
        declarations(getComputedStyle(element)),
        ...pseudos,
      ].join(' | ');
    });
  });

/** The first element whose style differs, with the properties that differ: a readable failure. */
function firstDifference(actual: string[], expected: string[]): string | undefined {
  if (actual.length !== expected.length) return `${actual.length} elements, expected ${expected.length}`;
  const index = actual.findIndex((line, i) => line !== expected[i]);
  if (index === -1) return undefined;
  const declarations = (line: string) => new Set(line.split(/;| \| /));
  const wanted = declarations(expected[index]!);
  const got = [...declarations(actual[index]!)].filter((declaration) => !wanted.has(declaration));
  return `${expected[index]!.split(' | ')[0]}: ${got.slice(0, 8).join('; ')}`;
}

/** The page's styles at both widths. */
async function stylesAtBothWidths(page: Page): Promise<string[][]> {
  const styles: string[][] = [];
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    styles.push(await computedStyles(page));
  }
  return styles;
}

/** Replaces whatever styles the page (its inline stylesheet, the whole one linked) with the whole stylesheet alone. */
async function useWholeStylesheetOnly(page: Page, wholeCss: string) {
  await page.evaluate((css) => {
    document.querySelectorAll('link[rel="stylesheet"]').forEach((link) => link.remove());
    document.getElementById('site-css')!.textContent = css;
  }, wholeCss);
}

/** The whole stylesheet the page names for after hydration. */
async function wholeStylesheet(page: Page): Promise<{ href: string; css: string }> {
  const boot = JSON.parse((await page.locator('#boot-data').textContent()) ?? '{}') as {
    assets: { hydratedStyles: string[] };
  };
  const [href] = boot.assets.hydratedStyles;
  expect(href, 'the whole stylesheet').toMatch(/^\/assets\/.+\.css$/);
  return { href: href!, css: await (await page.request.get(href!)).text() };
}

test.describe('before its scripts run', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of [...sitePages.map((page) => page.path), '/start-project?plan=growth'])
    test(`${path} looks as it does with the whole stylesheet, at 375 and 1280 px`, async ({ page }) => {
      await page.goto(path);
      const { css } = await wholeStylesheet(page);
      const inline = (await page.locator('#site-css').textContent()) ?? '';
      expect(inline.length, 'the inline stylesheet is the page’s part of the whole').toBeLessThan(css.length * 0.8);
      const own = await stylesAtBothWidths(page);
      await useWholeStylesheetOnly(page, css);
      const whole = await stylesAtBothWidths(page);
      for (const [i, width] of [phone.width, desktop.width].entries())
        expect(firstDifference(own[i]!, whole[i]!), `${path} at ${width}px`).toBeUndefined();
    });

  test('a post sent without scripts and returned with its problems looks as it does with the whole stylesheet', async ({
    page,
  }) => {
    await page.goto('/start-project');
    await page.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    const { css } = await wholeStylesheet(page);
    const own = await stylesAtBothWidths(page);
    await useWholeStylesheetOnly(page, css);
    expect(firstDifference((await stylesAtBothWidths(page))[0]!, own[0]!)).toBeUndefined();
  });
});

test.describe('once hydrated', () => {
  // The form sent empty comes back from the server with each field's problem.
  test.use({ expectedFailedLoads: [/\/api\/enquiries$/] });

  test('the page applies the whole stylesheet, and the states its scripts bring are styled by it', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/start-project');
    await waitForIdle(page);
    const { href, css } = await wholeStylesheet(page);
    await expect(page.locator(`link[rel="stylesheet"][href="${href}"]`)).toHaveCount(1);
    await expect
      .poll(() => page.evaluate((url) => [...document.styleSheets].some((sheet) => sheet.href?.endsWith(url)), href))
      .toBe(true);
    // States only the scripts bring: every field's problem shown as the form is sent empty, and the consult bar
    // hidden while the form is on screen.
    const form = page.getByRole('form', { name: 'Send us your details' });
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    await expect(form.getByText('Enter your first name').first()).toBeVisible();
    // Hovering is the browser's state, not the page's.
    await page.mouse.move(0, 0);
    const shown = await computedStyles(page);
    await useWholeStylesheetOnly(page, css);
    expect(firstDifference(shown, await computedStyles(page))).toBeUndefined();
  });
});
