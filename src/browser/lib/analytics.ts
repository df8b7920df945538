import { loadScript } from './load-script.ts';
import { ctaTapEvent, takeCtaClicks } from './visit-events.ts';
import { leadCookieName } from '../../shared/page-contract.ts';

declare global {
  interface Window {
    dataLayer: unknown[];
    gtag: (...args: unknown[]) => void;
  }
}

/**
 * Google's snippet, from our bundle: gtag.js only reads entries that are `arguments` objects, not arrays. The boot
 * loader runs it first thing, so `dataLayer` and `gtag` exist from the page's start.
 */
export function installGtag(): void {
  window.dataLayer = window.dataLayer ?? [];
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer.push(arguments);
  };
}

/** A successful enquiry: GA4's recommended generate_lead event, sent once per enquiry. */
export function trackLead(source: 'site-form' | 'hubspot-form'): void {
  window.gtag('event', 'generate_lead', { lead_source: source });
}

/**
 * Whether the server has just accepted a plain post from this browser: the lead cookie, set on the 303 that answers a
 * plain form post (a visitor whose page had not started its scripts yet). The thank-you page reports the lead and
 * deletes the cookie, so a reload does not count it again.
 */
export function leadCookieSet(): boolean {
  return document.cookie.split('; ').includes(`${leadCookieName}=1`);
}

export function trackLeadFromRedirect(): void {
  if (!leadCookieSet()) return;
  document.cookie = `${leadCookieName}=; Max-Age=0; Path=/thank-you; SameSite=Lax`;
  trackLead('site-form');
}

/** Sends the taps on calls to action noted so far (./visit-events.ts), and from now on each as it comes. */
function sendCtaClicks(): void {
  const send = (label: string) =>
    window.gtag('event', 'cta_click', { event_category: 'CTA', event_label: label, value: 1 });
  for (const label of takeCtaClicks()) send(label);
  window.addEventListener(ctaTapEvent, (event) => {
    for (const label of takeCtaClicks()) send(label);
    // The tab's storage refused these: they were kept for no other page.
    for (const label of (event as CustomEvent<string[]>).detail) send(label);
  });
}

/**
 * Analytics on this page, started once the browser is idle: gtag, and cta_click for each tap on a call to action,
 * including those made before and those of a page left before its own could send them. A tap is sent once Google's
 * tag is here, so that it is never lost in a page left before the tag came; without a measurement id, at once. Until
 * then it waits in the tab's storage.
 */
export function startAnalytics(gaMeasurementId: string | undefined): void {
  if (!gaMeasurementId) {
    sendCtaClicks();
    return;
  }
  window.gtag('js', new Date());
  window.gtag('config', gaMeasurementId);
  void loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaMeasurementId)}`)
    .catch(() => {
      // Blocked by the visitor (or offline): the events stay queued in dataLayer, the site works the same.
    })
    .then(sendCtaClicks);
}
