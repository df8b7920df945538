/**
 * What a visit does before the page's scripts can act on it: the page's landing, and each tap on a call to action
 * (`data-cta`). The boot loader (src/boot-loader.ts) writes them to the tab's session storage from the first paint,
 * so that a tap that loads the next page at once still counts. Attribution (src/lib/attribution-storage.ts) and
 * analytics (src/lib/analytics.ts) each take their part once their code runs: on this page, or on the next one.
 * Why: docs/decisions/visit-events.md
 */
import { landingAddress } from './attribution.ts';

/** For attribution: a page's landing (where the visit came from), or the label of a call to action that led on. */
export type AttributionEvent =
  { kind: 'landing'; url: string; referrer: string; at: number } | { kind: 'cta'; label: string };

const attributionKey = 'pending-attribution';
const ctaClicksKey = 'pending-cta-clicks';

/**
 * Dispatched on `window` after each tap on a call to action has been noted: a page whose analytics is ready sends it
 * at once. `detail` is the tap's label when the tab's storage refused it (it is then not kept for the next page).
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

/** Notes this page's landing: the address it was loaded with (what attribution reads of it) and its referrer. */
export function noteLanding(): void {
  append<AttributionEvent>(attributionKey, {
    kind: 'landing',
    url: landingAddress(window.location.href),
    referrer: document.referrer,
    at: Date.now(),
  });
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
      const cta = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-cta]') : null;
      const label = cta?.dataset.cta;
      if (!label) return;
      const kept = append(ctaClicksKey, label);
      if (!(cta instanceof HTMLButtonElement && cta.type === 'submit'))
        append<AttributionEvent>(attributionKey, { kind: 'cta', label });
      window.dispatchEvent(new CustomEvent(ctaTapEvent, { detail: kept ? undefined : label }));
    },
    { capture: true },
  );
}

/** The landings and calls to action attribution has not applied yet, oldest first; each is returned once. */
export function takeAttributionEvents(): AttributionEvent[] {
  return take<AttributionEvent>(attributionKey);
}

/** The labels of the taps analytics has not sent yet, oldest first; each is returned once. */
export function takeCtaClicks(): string[] {
  return take<string>(ctaClicksKey);
}
