/**
 * The page's only script tag, and all the script most pages ever run. The page is complete HTML and CSS from the
 * server; this adds what needs no React, on that HTML: `dataLayer` and `gtag` first thing, then, once the page is
 * shown, the landing and taps on calls to action for attribution and analytics (src/lib/visit-events.ts), the
 * enquiry form's draft (src/lib/enquiry-draft.ts), a progress bar for a tapped link (src/lib/navigation-feedback.ts)
 * and the header, mobile bar, thank-you page and video behaviours (src/lib/page-behaviours.ts).
 * The parts that respond to a visitor through React are islands (src/app/islands.ts): this wakes each one, that is
 * fetches its module (React with it) and hydrates its element alone, only when it nears the screen or is first used.
 * A page the browser prerenders ahead of a tap does none of it until it is shown.
 * The build puts a copy of what this file imports in its own chunk (build/self-contained-entry.ts), so that it
 * starts without fetching another chunk.
 */
import { bootDataElementId, type BootData } from './app/boot-data.ts';
import { islandWakingMark, landingRecordedMark, pageStartedMark } from './app/hydration-marks.ts';
import {
  islandAttribute,
  islandPropsAttribute,
  islandWakeAttribute,
  type IslandModule,
  type IslandName,
} from './app/islands.ts';
import { installGtag, startAnalytics } from './lib/analytics.ts';
import { recordVisitEvents } from './lib/attribution-storage.ts';
import { keepEnquiryDrafts, notePostedPlainly } from './lib/enquiry-draft.ts';
import { onIdle } from './lib/idle.ts';
import { showNavigationFeedback } from './lib/navigation-feedback.ts';
import { startPageBehaviours } from './lib/page-behaviours.ts';
import { whenShown } from './lib/page-shown.ts';
import { noteCtaTaps, noteLanding } from './lib/visit-events.ts';

installGtag();

/** How far from the screen an island starts waking (or fetching its code): it arrives before the visitor does. */
const wakeMargin = '400px 0px';

/**
 * Runs `start` once the first paint has reached the screen. The browser reports a paint's time only after it
 * shows it, and a fetch started in between would count as competing with the page's first paint. Browsers without
 * paint timing start on the next frame, and a page in a background tab (no paint yet) starts after 3 s.
 */
function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    setTimeout(start, 0);
  };
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(once);
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(once, 3000);
}

/**
 * Adds a `<link rel>` for each of `hrefs`: `modulepreload` to fetch and compile a module now, `prefetch` to fetch it
 * for later. Safari knows no `prefetch`: there it preloads, which still spares the first use a round trip.
 */
function linkModules(rel: 'modulepreload' | 'prefetch', hrefs: readonly string[]) {
  if (rel === 'prefetch' && !document.createElement('link').relList.supports('prefetch')) rel = 'modulepreload';
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Wakes the island in `element` at the first focus, tap or input inside it, or, for an island that wakes `near`,
 * when it nears the screen (from the first paint on). An island that wakes on `use` has its code fetched as it nears
 * the screen, but not run: a form on the first screen costs the page's load nothing. Why:
 * docs/decisions/islands.md. Until it has hydrated it is the server's HTML, which works as it is: what is typed stays in its
 * fields (and its draft), and a form sent meanwhile is held and sent by the island once it has hydrated, so that the
 * tap that sent it counts once. Should the island's code fail to load, the held form is posted as plain HTML.
 */
function watchIsland(element: HTMLElement, boot: BootData) {
  const name = element.getAttribute(islandAttribute) as IslandName;
  const [module, ...imports] = boot.assets.islands[name] ?? [];
  if (!module) return;
  const wakesOnUse = element.getAttribute(islandWakeAttribute) === 'use';
  let waking: Promise<boolean> | undefined;
  let rooted = false;
  const near = () => {
    observer.disconnect();
    if (wakesOnUse) linkModules('prefetch', [module, ...imports]);
    else void wake();
  };
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && near(), {
    rootMargin: wakeMargin,
  });
  const wake = () => {
    waking ??= (async () => {
      observer.disconnect();
      performance.mark(islandWakingMark(name));
      linkModules('modulepreload', imports);
      try {
        const island = (await import(/* @vite-ignore */ module)) as IslandModule;
        const props = JSON.parse(element.getAttribute(islandPropsAttribute) ?? '{}') as unknown;
        rooted = true;
        await island.hydrateIsland(element, props);
        return true;
      } catch {
        // Gone (a cached page outlived its release) or the network dropped: the server's HTML works as it is.
        return false;
      }
    })();
    return waking;
  };
  for (const type of ['focusin', 'pointerdown', 'input']) element.addEventListener(type, () => void wake(), true);
  element.addEventListener(
    'submit',
    (event) => {
      // Once hydrateRoot has the element, React handles the submit: the tap or key that sends a form makes React
      // hydrate the form first, as it does for any discrete event on a part not yet hydrated.
      if (rooted) return;
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      void wake().then((hydrated) => {
        if (hydrated) {
          form.requestSubmit(submitter);
          return;
        }
        // A plain post fires no submit event: the page it lands on learns from the mark that this tab sent it.
        notePostedPlainly(form);
        HTMLFormElement.prototype.submit.call(form);
      });
    },
    true,
  );
  // A form already woken (focused before the first paint, as a returned post's summary is) needs nothing fetched.
  afterFirstPaint(() => {
    if (!waking) observer.observe(element);
  });
}

/** Records the landing and taps noted so far for attribution, once the page is idle (its code is in this chunk). */
function recordVisit() {
  onIdle(() => {
    recordVisitEvents();
    performance.mark(landingRecordedMark);
  });
}

whenShown(() => {
  const boot = JSON.parse(document.getElementById(bootDataElementId)?.textContent ?? '{}') as BootData;
  noteLanding();
  noteCtaTaps();
  keepEnquiryDrafts();
  showNavigationFeedback();
  startPageBehaviours(boot.config.bookingUrl);
  document.querySelectorAll<HTMLElement>(`[${islandAttribute}]`).forEach((element) => watchIsland(element, boot));
  afterFirstPaint(() => {
    recordVisit();
    const idle = new Promise<void>((resolve) => onIdle(resolve));
    startAnalytics(boot.config.gaMeasurementId, idle);
  });
  performance.mark(pageStartedMark);
});
