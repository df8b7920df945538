import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  scrollSentinelAttribute,
  scrolledAttribute,
  mobileBarAttribute,
  mobileBarHiddenAttribute,
  hidesMobileBarAttribute,
  asksToBookAttribute,
  enquiryAcceptedAttribute,
  bookingLinkAttribute,
  newsletterConfirmAttribute,
  newsletterConfirmedAttribute,
  chosenPlanAttribute,
  chosenPlanFieldAttribute,
  postBodyAttribute,
  videoEmbedAttribute,
  videoTitleAttribute,
  ctaAttribute,
  enquiryEndpoint,
  newsletterEndpoint,
  newsletterConfirmEndpoint,
} from './page-contract.ts';

const src = new URL('../', import.meta.url).pathname;
// Every attribute the plain script reads and every endpoint it posts to.
const hooks = [
  scrollSentinelAttribute,
  scrolledAttribute,
  mobileBarAttribute,
  mobileBarHiddenAttribute,
  hidesMobileBarAttribute,
  asksToBookAttribute,
  enquiryAcceptedAttribute,
  bookingLinkAttribute,
  newsletterConfirmAttribute,
  newsletterConfirmedAttribute,
  chosenPlanAttribute,
  chosenPlanFieldAttribute,
  postBodyAttribute,
  videoEmbedAttribute,
  videoTitleAttribute,
  ctaAttribute,
  enquiryEndpoint,
  newsletterEndpoint,
  newsletterConfirmEndpoint,
];

test('the server’s components and the browser’s script name the page’s hooks and endpoints only through the contract', async () => {
  const files = (await readdir(src, { recursive: true })).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file) && !file.endsWith('page-contract.ts'),
  );
  const spelled: string[] = [];
  for (const file of files) {
    const text = await readFile(join(src, file), 'utf8');
    // A hook's name as code writes it: quoted, in a selector, or as a JSX attribute; not inside a longer name.
    for (const hook of hooks)
      if (new RegExp(`['"\`\\[]${hook}(?![\\w-])|\\s${hook}[\\s=>]`).test(text)) spelled.push(`${file}: ${hook}`);
  }
  expect(spelled).toEqual([]);
});
