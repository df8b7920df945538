import type { Page } from '@playwright/test';
import { inlineCssElementId } from '../src/browser/boot-data.ts';
import { sitePages } from './fixtures/site-pages.ts';
import { bootAssets, expect, test, waitForIdle } from './fixtures/test.ts';

// Each page inlines only the rules its server HTML uses, and applies the whole stylesheet once it has hydrated: the
// page must look the same as with the whole stylesheet, before its scripts run and in every state they bring.

// Without the hero's and cards' fade-in, which would be caught at different moments of its run.
test.use({ reducedMotion: 'reduce' });

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };

/**
 * In the page: every element's computed style, and its ::before's and ::after's where they show, one line per element
 * in document order, with every disclosure and the menu open (so that what they hide is laid out and compared too)
 * and transitions run to their end. With `whole`, the page's styles (its inline stylesheet and the whole one once
 * linked) are then replaced by the whole stylesheet alone and read again, in the same task: nothing the page's
 * scripts do can come in between.
 */
function pageStyles(whole?: { css: string; styleId: string }): string[][] {
  const read = () => {
    document.querySelectorAll('details').forEach((details) => (details.open = true));
    document.querySelectorAll<HTMLElement>('[popover]:not(:popover-open)').forEach((popover) => popover.showPopover());
    // Styles brought up to date first, so that the transitions a change of stylesheet starts exist to be finished.
    void document.documentElement.offsetWidth;
    document.getAnimations().forEach((animation) => animation.finish());
    // Custom properties count through the properties that use them, which are all read.
    const declarations = (style: CSSStyleDeclaration) =>
      [...style]
        .filter((property) => !property.startsWith('--'))
        .map((property) => `${property}:${style.getPropertyValue(property)}`)
        .join(';');
    return [...document.body.querySelectorAll('*')].map((element) => {
      const pseudos = ['::before', '::after']
        .map((pseudo) => getComputedStyle(element, pseudo))
        .filter((style) => style.content !== 'none')
        .map(declarations);
      const name = `${element.tagName.toLowerCase()}.${element.className.toString()}`;
      return [name, declarations(getComputedStyle(element)), ...pseudos].join(' | ');
    });
  };
  const styles = [read()];
  if (whole) {
    document.querySelectorAll('link[rel="stylesheet"]').forEach((link) => link.remove());
    document.getElementById(whole.styleId)!.textContent = whole.css;
    styles.push(read());
  }
  return styles;
}

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

/** The whole stylesheet the page names for after hydration. */
async function wholeStylesheet(page: Page): Promise<{ href: string; css: string }> {
  const [href] = (await bootAssets(page)).hydratedStyles;
  expect(href, 'the whole stylesheet').toMatch(/^\/assets\/.+\.css$/);
  return { href: href!, css: await (await page.request.get(href!)).text() };
}

/** That the page (without scripts) looks at 375 and at 1280 px as it does with the whole stylesheet alone. */
async function expectStyledAsWhole(page: Page, css: string, what: string) {
  await page.setViewportSize(desktop);
  const [ownDesktop] = await page.evaluate(pageStyles, undefined);
  await page.setViewportSize(phone);
  const [ownPhone, wholePhone] = await page.evaluate(pageStyles, { css, styleId: inlineCssElementId });
  expect(firstDifference(ownPhone!, wholePhone!), `${what} at 375px`).toBeUndefined();
  await page.setViewportSize(desktop);
  const [wholeDesktop] = await page.evaluate(pageStyles, undefined);
  expect(firstDifference(ownDesktop!, wholeDesktop!), `${what} at 1280px`).toBeUndefined();
}

test.describe('before its scripts run', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of [...sitePages.map((page) => page.path), '/start-project?plan=growth'])
    test(`${path} looks as it does with the whole stylesheet, at 375 and 1280 px`, async ({ page }) => {
      // Every element's every property, four times over: long pages take a while on a loaded machine.
      test.setTimeout(90_000);
      // A browser's first request for a page is streamed with the whole stylesheet inline; the page's part comes
      // from the cache's copy, which a HEAD request waits for.
      await page.request.head(path);
      await page.goto(path);
      const { css } = await wholeStylesheet(page);
      const inline = (await page.locator(`#${inlineCssElementId}`).textContent()) ?? '';
      expect(inline.length, 'the inline stylesheet is the page’s part of the whole').toBeLessThan(css.length * 0.8);
      await expectStyledAsWhole(page, css, path);
    });

  test('a post sent without scripts and returned with its problems looks as it does with the whole stylesheet', async ({
    page,
  }) => {
    await page.goto('/start-project');
    await page.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    await expectStyledAsWhole(page, (await wholeStylesheet(page)).css, 'the returned post');
  });
});

test.describe('once hydrated', () => {
  // The form sent empty comes back from the server with each field's problem.
  test.use({ expectedFailedLoads: [/\/api\/enquiries$/], viewport: phone });

  test('before the whole stylesheet arrives, the scrolled header and the consult bar moved aside look as with it', async ({
    page,
  }) => {
    // The whole stylesheet never arrives: what the page shows comes from its inline part alone.
    await page.route(/\/assets\/.+\.css$/, () => {});
    await page.goto('/about');
    await waitForIdle(page);
    // Scrolled down to the form: the header takes its shadow, and the bar moves aside while the form is on screen.
    await page.getByRole('form', { name: 'Send us your details' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
    await expect(page.getByRole('complementary', { name: 'Book a free consult' })).toBeHidden();
    const [own, whole] = await page.evaluate(pageStyles, {
      css: (await wholeStylesheet(page)).css,
      styleId: inlineCssElementId,
    });
    expect(firstDifference(own!, whole!)).toBeUndefined();
  });

  test('the page applies the whole stylesheet, and the states its scripts bring are styled by it', async ({ page }) => {
    await page.goto('/start-project');
    await waitForIdle(page);
    const { href, css } = await wholeStylesheet(page);
    await expect(page.locator(`link[rel="stylesheet"][href="${href}"]`)).toHaveCount(1);
    await expect
      .poll(() => page.evaluate((url) => [...document.styleSheets].some((sheet) => sheet.href?.endsWith(url)), href))
      .toBe(true);
    // A state only the scripts bring: every field's problem shown as the form is sent empty.
    const form = page.getByRole('form', { name: 'Send us your details' });
    await form.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    await expect(form.getByText('Enter your first name').first()).toBeVisible();
    // Hovering is the browser's state, not the page's.
    await page.mouse.move(0, 0);
    const [shown, whole] = await page.evaluate(pageStyles, { css, styleId: inlineCssElementId });
    expect(firstDifference(shown!, whole!)).toBeUndefined();
  });
});
