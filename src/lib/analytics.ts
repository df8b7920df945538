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

function trackCtaClick(event: MouseEvent) {
  const cta = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-cta]') : null;
  const label = cta?.dataset.cta;
  if (label) window.gtag('event', 'cta_click', { event_category: 'CTA', event_label: label, value: 1 });
}

/**
 * The one analytics listener: every click on a `data-cta` element sends cta_click with its label. Events
 * queue in dataLayer until Google's tag arrives; it is fetched once `loadTagAfter` resolves (the page has
 * hydrated and the browser is idle).
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
