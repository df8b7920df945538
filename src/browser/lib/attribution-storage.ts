import { attributionAfterLanding, attributionWithCta, enquiryAttribution, type Attribution } from './attribution.ts';
import { takeAttributionEvents } from './visit-events.ts';

// The site's own storage, no cookie: nothing about a visit reaches the server until an enquiry carries it. Every
// caller loads this module with import(), apart from the scripts a page needs to become interactive.
const storageKey = 'attribution';

// Storage may be missing or refuse (cookies blocked, a full quota, a private window): then nothing is recorded and
// the site works the same.
function read(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function write(value: object | undefined): void {
  if (!value) return;
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(value));
  } catch {
    // As above: the visit goes unrecorded.
  }
}

/**
 * Applies the landings and calls to action noted since (src/browser/lib/visit-events.ts), in order: this page's landing and
 * any a page left before its scripts ran. A page reached from the site itself (its referrer on this host) changes
 * neither touch.
 */
export function recordVisitEvents(): void {
  for (const event of takeAttributionEvents()) {
    write(
      event.kind === 'landing'
        ? attributionAfterLanding(read(), event.url, event.referrer, event.at)
        : attributionWithCta(read(), event.label),
    );
  }
}

/** What the site's own form sends with an enquiry; undefined when nothing is recorded. */
export function storedAttribution(): Attribution | undefined {
  recordVisitEvents();
  return enquiryAttribution(read());
}
