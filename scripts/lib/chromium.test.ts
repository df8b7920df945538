import { chromium, type Browser } from '@playwright/test';
import { afterEach, expect, test } from 'vitest';
import { chromiumArgs, chromiumPath, e2eChromiumArgs } from './chromium.ts';

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** The browser's own command line and the WebUI pages it runs beside a blank page, as Chromium reports them. */
async function launch(args: string[]) {
  // Chromium reports its command line only to an automation client that says so.
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...args, '--enable-automation'] });
  const page = await (await browser.newContext()).newPage();
  await page.goto('about:blank');
  const session = await browser.newBrowserCDPSession();
  const { arguments: commandLine } = (await session.send('Browser.getBrowserCommandLine')) as { arguments: string[] };
  const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
  const disabled = commandLine.filter((arg) => arg.startsWith('--disable-features='));
  return {
    /** The lists in order: Chromium obeys the last. */
    disabledLists: disabled.map((arg) => arg.slice('--disable-features='.length).split(',')),
    webUi: targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url),
  };
}

test('the e2e browser still disables every feature Playwright disables, and preloads no omnibox popup', async () => {
  const stock = await launch(chromiumArgs);
  const playwrights = stock.disabledLists.at(-1) ?? [];
  expect(playwrights.length).toBeGreaterThan(0);
  expect(stock.webUi.some((url) => url.includes('omnibox-popup'))).toBe(true);
  await browser?.close();

  const e2e = await launch(e2eChromiumArgs);
  const effective = e2e.disabledLists.at(-1) ?? [];
  // A Playwright upgrade that disables more features must be copied into playwrightDisabledFeatures.
  expect(playwrights.filter((feature) => !effective.includes(feature))).toEqual([]);
  expect(e2e.webUi).toEqual([]);
}, 60_000);
