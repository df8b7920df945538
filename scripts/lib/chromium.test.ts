import { chromium, type Browser } from '@playwright/test';
import { afterEach, expect, test } from 'vitest';
import { chromiumArgs, chromiumPath, e2eChromiumArgs, omniboxPopupFeatures } from './chromium.ts';

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** The `--disable-features` lists on the command line a launch gave the browser, in order: Chromium obeys the last. */
async function disabledFeatureLists(args: string[]): Promise<string[][]> {
  // Chromium reports its command line only to an automation client that says so.
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...args, '--enable-automation'] });
  const session = await browser.newBrowserCDPSession();
  const { arguments: commandLine } = (await session.send('Browser.getBrowserCommandLine')) as { arguments: string[] };
  await browser.close();
  browser = undefined;
  return commandLine
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
}

test('the e2e browser keeps every feature Playwright disables, and adds the omnibox popup’s', async () => {
  const playwrights = (await disabledFeatureLists(chromiumArgs)).at(-1) ?? [];
  expect(playwrights.length).toBeGreaterThan(0);

  const effective = (await disabledFeatureLists(e2eChromiumArgs)).at(-1) ?? [];
  // A Playwright upgrade that disables more features must be copied into playwrightDisabledFeatures.
  expect(playwrights.filter((feature) => !effective.includes(feature))).toEqual([]);
  expect(omniboxPopupFeatures.filter((feature) => !effective.includes(feature))).toEqual([]);
}, 60_000);
