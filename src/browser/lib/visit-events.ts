/**
 * What a visit does before the page's scripts can act on it: the page's landing, and each tap on a call to action
 * (`ctaAttribute`). The boot loader (src/browser/boot-loader.ts) notes them in memory from the page's start, which costs
 * a tap nothing, and writes them to the tab's session storage once the browser is idle, as the page is left
 * (`pagehide`, so that a tap that loads the next page at once still counts), or as an island wakes, whichever comes
 * first. Attribution (./attribution-storage.ts) and analytics (./analytics.ts) each take their part from there: on
 * this page, or on the next one. Why: docs/decisions/visit-events.md
 */
import { landingAddress } from './attribution.ts';
import { onIdle } from './idle.ts';
import { ctaAttribute } from '../../shared/page-contract.ts';

/** For attribution: a page's landing (where the visit came from), or the label of a call to action that led on. */
export type AttributionEvent =
  { kind: 'landing'; url: string; referrer: string; at: number } | { kind: 'cta'; label: string };

const attributionKey = 'pending-attribution';
const ctaClicksKey = 'pending-cta-clicks';

/**
 * Dispatched on `window` once taps on calls to action have been written to the tab's storage: a page whose analytics
 * is ready sends them at once. `detail` lists the labels the tab's storage refused (they are not kept for the next
 * page).
 */
export const ctaTapEvent = 'site:cta-tap';

function read<T>(key: string): T[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** Appends to a list in the tab's storage; false when the storage is off or full. */
function append<T>(key: string, item: T): boolean {
  try {
    sessionStorage.setItem(key, JSON.stringify([...read<T>(key), item]));
    return true;
  } catch {
    return false;
  }
}

/** Reads a list and empties it, so that each item is taken once, whichever page takes it. */
function take<T>(key: string): T[] {
  const items = read<T>(key);
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage is off: nothing was kept.
  }
  return items;
}

/** What is noted in memory and not yet written: this page's landing (when it was noted), then its taps in order. */
let landingAt: number | undefined;
let taps: { label: string; leadsOn: boolean }[] = [];
let flushScheduled = false;
/** Once the page's start is over (its first idle moment), a tap is written as it happens. */
let writeAtOnce = false;

/** Notes this page's landing, written with its address (what attribution reads of it) and its referrer. */
export function noteLanding(): void {
  landingAt = Date.now();
}

/**
 * Notes every tap on a call to action, from now on: the one analytics listener. Capture phase, so that a component
 * that stops propagation cannot hide a click. The button that sends an enquiry did not lead to it: the enquiry names
 * the call to action clicked before.
 */
export function noteCtaTaps(): void {
  document.addEventListener(
    'click',
    (event) => {
      const cta = event.target instanceof Element ? event.target.closest(`[${ctaAttribute}]`) : null;
      const label = cta?.getAttribute(ctaAttribute);
      if (!label) return;
      taps.push({ label, leadsOn: !(cta instanceof HTMLButtonElement && cta.type === 'submit') });
      if (writeAtOnce) flushVisitEvents();
      else scheduleFlush();
    },
    { capture: true },
  );
  window.addEventListener('pagehide', flushVisitEvents);
}

function scheduleFlush(): void {
  if (flushScheduled) return;
  flushScheduled = true;
  onIdle(flushVisitEvents);
}

/** From now on, each tap is written (and sent, once analytics has started) as it happens. */
export function writeVisitEventsAtOnce(): void {
  writeAtOnce = true;
  flushVisitEvents();
}

/** Writes what is noted in memory to the tab's storage, the landing first, and tells analytics of the taps. */
export function flushVisitEvents(): void {
  flushScheduled = false;
  if (landingAt !== undefined) {
    append<AttributionEvent>(attributionKey, {
      kind: 'landing',
      url: landingAddress(window.location.href),
      referrer: document.referrer,
      at: landingAt,
    });
    landingAt = undefined;
  }
  if (!taps.length) return;
  const unkept: string[] = [];
  for (const { label, leadsOn } of taps) {
    if (!append(ctaClicksKey, label)) unkept.push(label);
    if (leadsOn) append<AttributionEvent>(attributionKey, { kind: 'cta', label });
  }
  taps = [];
  window.dispatchEvent(new CustomEvent(ctaTapEvent, { detail: unkept }));
}

/** The landings and calls to action attribution has not applied yet, oldest first; each is returned once. */
export function takeAttributionEvents(): AttributionEvent[] {
  return take<AttributionEvent>(attributionKey);
}

/** The labels of the taps analytics has not sent yet, oldest first; each is returned once. */
export function takeCtaClicks(): string[] {
  return take<string>(ctaClicksKey);
}
