import { planIds } from '../src/content/plan-titles.ts';
import type { readPage } from './server.ts';

/** Every page that shows a price: the packages, the FAQ, the story's reasons, a chosen plan. */
export const pagesWithPrices = [
  '/',
  '/services',
  '/how-it-works',
  '/about',
  '/faq',
  '/start-project',
  ...planIds.map((planId) => `/start-project?plan=${planId}`),
];

const price = /\$\d/;

/**
 * The sentences of a page that name a price, as its visitors and search engines read them: its text, its meta
 * description and the answers in its structured data. A package card has no full stop of its own, so it reads as
 * one sentence with its price, its note and the line beside it.
 */
export function sentencesWithPrices(
  page: Pick<Awaited<ReturnType<typeof readPage>>, 'text' | 'description' | 'jsonLd'>,
) {
  const answers = JSON.stringify(page.jsonLd)
    .split(/"(?:text|description)":"/)
    .slice(1)
    .map((value) => value.slice(0, value.indexOf('"')));
  return [page.text, page.description, ...answers]
    .flatMap((text) => text.split(/(?<=[.!?])(?<!\b(?:inc|ex)\.)\s+/))
    .filter((sentence) => price.test(sentence));
}
