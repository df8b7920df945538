import { chromium, type Browser } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

test('the e2e browser reaches this machine by name and 127.0.0.1, and no other host, without a route', async () => {
  const server = createServer((_request, response) => response.end('ok')).listen(0, '0.0.0.0');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  /** What a page load of each host answers: its status, or the network error. */
  const answers = async (args: string[]) => {
    browser = await chromium.launch({ executablePath: chromiumPath, args });
    const page = await browser.newPage();
    const statuses: Record<string, string> = {};
    for (const host of ['localhost', '127.0.0.1', '127.0.0.2'])
      statuses[host] = await page.goto(`http://${host}:${port}/`).then(
        (response) => String(response?.status()),
        (error: Error) => /net::\w+/.exec(error.message)?.[0] ?? error.message,
      );
    await browser.close();
    browser = undefined;
    return statuses;
  };
  try {
    // 127.0.0.2 is this machine too: only the suite's rules make it an outside host.
    expect(await answers(chromiumArgs)).toEqual({ localhost: '200', '127.0.0.1': '200', '127.0.0.2': '200' });
    expect(await answers(e2eChromiumArgs)).toEqual({
      localhost: '200',
      '127.0.0.1': '200',
      '127.0.0.2': 'net::ERR_NAME_NOT_RESOLVED',
    });
  } finally {
    server.close();
  }
}, 60_000);
