import { loadScript } from './load-script.ts';

declare global {
  interface Window {
    dataLayer: unknown[];
    gtag: (...args: unknown[]) => void;
  }
}

let started = false;

/** Google's snippet, from our bundle: gtag.js only reads entries that are `arguments` objects, not arrays. */
function installGtag() {
  window.dataLayer = window.dataLayer ?? [];
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer.push(arguments);
  };
}

/** A successful enquiry: GA4's recommended generate_lead event, sent once per enquiry. */
export function trackLead(source: 'site-form' | 'hubspot-form'): void {
  installGtag();
  window.gtag('event', 'generate_lead', { lead_source: source });
}

/**
 * Set by the server on the 303 that answers a plain form post (a visitor whose page had not started its scripts
 * yet). The thank-you page reports the lead and deletes the cookie, so a reload does not count it again.
 */
export const leadCookieName = 'enquiry_sent';

export function trackLeadFromRedirect(): void {
  if (!document.cookie.split('; ').includes(`${leadCookieName}=1`)) return;
  document.cookie = `${leadCookieName}=; Max-Age=0; Path=/thank-you; SameSite=Lax`;
  trackLead('site-form');
}

function trackCtaClick(event: MouseEvent) {
  const cta = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-cta]') : null;
  const label = cta?.dataset.cta;
  if (!label) return;
  window.gtag('event', 'cta_click', { event_category: 'CTA', event_label: label, value: 1 });
  // The button that sends an enquiry did not lead to it: the enquiry names the call to action clicked before.
  if (cta instanceof HTMLButtonElement && cta.type === 'submit') return;
  void import('./attribution-storage.ts')
    .then((attribution) => attribution.recordCta(label))
    .catch(() => {
      // The code could not be fetched: the next enquiry names no call to action.
    });
}

/**
 * The one analytics listener: every click on a `data-cta` element sends cta_click with its label, and the label is
 * kept for the next enquiry (attribution-storage.ts). Events queue in dataLayer until Google's tag arrives; it is
 * fetched once `loadTagAfter` resolves (the page has hydrated and the browser is idle).
 */
export function startAnalytics(gaMeasurementId: string | undefined, loadTagAfter: Promise<void>): void {
  if (started) return;
  started = true;
  installGtag();
  // Capture phase, so a component that stops propagation cannot hide a click from analytics.
  document.addEventListener('click', trackCtaClick, { capture: true });
  if (!gaMeasurementId) return;
  window.gtag('js', new Date());
  window.gtag('config', gaMeasurementId);
  void loadTagAfter.then(() =>
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaMeasurementId)}`).catch(() => {
      // Blocked by the visitor (or offline): the events stay queued in dataLayer, the site works the same.
    }),
  );
}
