import { attributionAfterLanding, attributionWithCta, enquiryAttribution, type Attribution } from './attribution.ts';

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
 * Records a page load as a landing, from the URL the page was loaded with and its referrer. Once per page load; a
 * page reached from the site itself (its referrer on this host) changes neither touch.
 */
export function recordLanding(url: string, referrer: string): void {
  write(attributionAfterLanding(read(), url, referrer, Date.now()));
}

/** Keeps the label of the call to action just clicked, for the next enquiry. */
export function recordCta(label: string): void {
  write(attributionWithCta(read(), label));
}

/** What the site's own form sends with an enquiry; undefined when nothing is recorded. */
export function storedAttribution(): Attribution | undefined {
  return enquiryAttribution(read());
}
