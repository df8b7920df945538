import { attributionDays } from '../../content/attribution.ts';
import { withinLength } from '../../shared/plain-text.ts';

// Where a visitor's visits came from, kept in their browser and sent only with an enquiry. Pure: the browser's
// storage is read and written by attribution-storage.ts, which passes the stored text in and out.

const utmParameters = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** Ad platforms' click ids. Only their names are kept: a value identifies one click, and so one person. */
const clickIdParameters = ['gclid', 'fbclid', 'msclkid'] as const;

type UtmParameter = (typeof utmParameters)[number];
type ClickId = (typeof clickIdParameters)[number];

/** One landing on the site: its path, its campaign tags and click ids, and the other site that linked to it. */
export type Touch = { landingPath: string; clickIds?: ClickId[]; referrer?: string } & Partial<
  Record<UtmParameter, string>
>;

/** What an enquiry carries: the first touch, the last campaign touch, and the last call to action clicked. */
export interface Attribution {
  first: Touch;
  last: Touch;
  cta?: string;
}

/** What the browser stores: the attribution and when its first touch landed (milliseconds since the epoch). */
interface StoredAttribution extends Attribution {
  firstAt: number;
}

const attributionMs = attributionDays * 24 * 60 * 60 * 1000;
const maxLength = 200;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? withinLength(value.trim(), maxLength) : undefined;

/** A touch with only the known keys, each value bounded; undefined without a landing path. */
function cleanTouch(value: Partial<Record<keyof Touch, unknown>>): Touch | undefined {
  const landingPath = text(value.landingPath);
  if (!landingPath) return undefined;
  const touch: Touch = { landingPath };
  for (const name of utmParameters) {
    const tag = text(value[name]);
    if (tag) touch[name] = tag;
  }
  const clickIds = Array.isArray(value.clickIds)
    ? clickIdParameters.filter((name) => (value.clickIds as unknown[]).includes(name))
    : [];
  if (clickIds.length) touch.clickIds = clickIds;
  const referrer = text(value.referrer);
  if (referrer) touch.referrer = referrer;
  return touch;
}

/**
 * The touch of a page load: the landing URL's path (no query), its UTM values, the names of the click ids it
 * carries, and the referrer's host when that is another site.
 */
function landingTouch(url: string, referrer: string): Touch {
  const landing = new URL(url);
  const tags = Object.fromEntries(utmParameters.map((name) => [name, landing.searchParams.get(name)]));
  let referrerHost: string | undefined;
  try {
    referrerHost = new URL(referrer).hostname;
  } catch {
    // No referrer, or not a URL: a direct visit.
  }
  return cleanTouch({
    ...tags,
    landingPath: landing.pathname,
    clickIds: clickIdParameters.filter((name) => landing.searchParams.get(name)),
    referrer: referrerHost === landing.hostname ? undefined : referrerHost,
  })!;
}

/**
 * What attribution reads of a landing's address: the address without its fragment, with the UTM values and the
 * names of the click ids it carries, each click id's value dropped and nothing else of its query.
 */
export function landingAddress(href: string): string {
  const landing = new URL(href);
  const kept = new URLSearchParams();
  for (const name of utmParameters) {
    const value = landing.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  for (const name of clickIdParameters) if (landing.searchParams.get(name)) kept.set(name, '1');
  landing.search = kept.toString();
  landing.hash = '';
  return landing.href;
}

/** A campaign touch carries a UTM value, a click id or another site's referrer. */
const isCampaign = (touch: Touch) =>
  Boolean(touch.clickIds || touch.referrer || utmParameters.some((name) => touch[name]));

/** The stored attribution, or undefined when there is none or it is not one this code wrote. */
function parseStoredAttribution(stored: string | null): StoredAttribution | undefined {
  let value: unknown;
  try {
    value = JSON.parse(stored ?? '');
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { firstAt, first, last, cta } = value as Record<string, unknown>;
  if (typeof firstAt !== 'number' || !Number.isFinite(firstAt)) return undefined;
  const isObject = (touch: unknown): touch is Record<string, unknown> => typeof touch === 'object' && touch !== null;
  const firstTouch = isObject(first) ? cleanTouch(first) : undefined;
  const lastTouch = isObject(last) ? cleanTouch(last) : undefined;
  if (!firstTouch || !lastTouch) return undefined;
  const label = text(cta);
  return { firstAt, first: firstTouch, last: lastTouch, ...(label ? { cta: label } : {}) };
}

/**
 * The attribution after a page load from `url` with `referrer` at `now`. The first landing starts a record whose
 * first and last touches are that landing; a campaign landing within 90 days of the first replaces the last touch;
 * any other landing (a direct visit, a page reached from the site itself) changes nothing. From 90 days on, a
 * landing starts a new record.
 */
export function attributionAfterLanding(
  stored: string | null,
  url: string,
  referrer: string,
  now: number,
): StoredAttribution {
  const landing = landingTouch(url, referrer);
  const current = parseStoredAttribution(stored);
  if (!current || now - current.firstAt >= attributionMs) return { firstAt: now, first: landing, last: landing };
  return isCampaign(landing) ? { ...current, last: landing } : current;
}

/** The attribution with the label of the call to action just clicked; undefined when nothing is recorded. */
export function attributionWithCta(stored: string | null, label: string): StoredAttribution | undefined {
  const current = parseStoredAttribution(stored);
  const cta = text(label);
  return current && cta ? { ...current, cta } : undefined;
}

/** What an enquiry carries, or undefined when nothing is recorded. */
export function enquiryAttribution(stored: string | null): Attribution | undefined {
  const current = parseStoredAttribution(stored);
  if (!current) return undefined;
  const { first, last, cta } = current;
  return cta ? { first, last, cta } : { first, last };
}
