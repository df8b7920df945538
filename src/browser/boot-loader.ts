/**
 * The page's only script tag, and all the script most pages ever run. The page is complete HTML and CSS from the
 * server; this adds what needs no React, on that HTML. Before the first paint it does only what a first tap or
 * keystroke needs: `dataLayer` and `gtag`, a listener that notes taps on calls to action in memory
 * (./lib/visit-events.ts), the islands' watchers, the listeners that keep the enquiry form's draft
 * (./lib/enquiry-draft.ts), a progress bar for a tapped link (./lib/navigation-feedback.ts) and the header, mobile
 * bar, thank-you page and video behaviours (./lib/page-behaviours.ts). The landing, the storage of taps, attribution,
 * analytics and the draft's return into the form wait for the browser to be idle, or for the page to be left,
 * whichever comes first.
 * The parts that respond to a visitor through React are islands (./islands/registry.ts): this wakes each one, that is
 * fetches its component's module and the one hydrate function (React with it) and hydrates its element alone, only
 * when it nears the screen or is first used. A page the browser prerenders ahead of a tap does none of it until it
 * is shown. The build puts a copy of what this file imports in its own chunk (build/self-contained-entry.ts), so that
 * it starts without fetching another chunk.
 */
import { pageBootData } from './boot-data.ts';
import { islandAttribute, islandPropsAttribute, islandWakeAttribute, type IslandName } from './islands/registry.ts';
import { installGtag, startAnalytics } from './lib/analytics.ts';
import { recordVisitEvents } from './lib/attribution-storage.ts';
import { keepEnquiryDrafts, notePostedPlainly } from './lib/enquiry-draft.ts';
import { onIdle } from './lib/idle.ts';
import { showNavigationFeedback } from './lib/navigation-feedback.ts';
import { startPageBehaviours } from './lib/page-behaviours.ts';
import { whenShown } from './lib/page-shown.ts';
import { flushVisitEvents, noteCtaTaps, noteLanding, writeVisitEventsAtOnce } from './lib/visit-events.ts';
import { islandWakingMark, landingRecordedMark, pageStartedMark } from './marks.ts';
import type { hydrateIsland } from './islands/hydrate.tsx';

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
function watchIsland(element: HTMLElement) {
  const name = element.getAttribute(islandAttribute) as IslandName;
  const wakesOnUse = element.getAttribute(islandWakeAttribute) === 'use';
  /** The island's component module and the hydrate function's, then the chunks they import (the boot data's). */
  const modules = () => {
    const { islands, hydrate } = pageBootData().assets;
    return { island: islands[name] ?? [], hydrate };
  };
  let waking: Promise<boolean> | undefined;
  let rooted = false;
  const near = () => {
    observer.disconnect();
    if (!wakesOnUse) void wake();
    // Fetched ahead, not run: once the browser is idle, so that nothing of it competes with the page's start.
    else
      onIdle(() => {
        const { island, hydrate } = modules();
        if (!waking) linkModules('prefetch', [...island, ...hydrate]);
      });
  };
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && near(), {
    rootMargin: wakeMargin,
  });
  const wake = () => {
    waking ??= (async () => {
      observer.disconnect();
      performance.mark(islandWakingMark(name));
      // What the island reads of the visit (attribution, as its form is sent) is in the tab's storage by then.
      flushVisitEvents();
      const {
        island: [islandModule, ...islandImports],
        hydrate: [hydrateModule, ...hydrateImports],
      } = modules();
      try {
        if (!islandModule || !hydrateModule) throw new Error(`No module for the island ${name}`);
        linkModules('modulepreload', [...hydrateImports, ...islandImports]);
        const [{ hydrateIsland: hydrate }, { default: Component }] = (await Promise.all([
          import(/* @vite-ignore */ hydrateModule),
          import(/* @vite-ignore */ islandModule),
        ])) as [{ hydrateIsland: typeof hydrateIsland }, { default: Parameters<typeof hydrateIsland>[2] }];
        const props = JSON.parse(element.getAttribute(islandPropsAttribute) ?? '{}') as Record<string, unknown>;
        rooted = true;
        await hydrate(element, name, Component, props);
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
      // The enquiry carries the taps noted up to its sending.
      flushVisitEvents();
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

/**
 * Once the page is idle: writes the landing and the taps noted so far, records them for attribution and starts
 * analytics (the landing is noted in memory at once, so that a tap before then comes after it).
 */
function recordVisit() {
  onIdle(() => {
    writeVisitEventsAtOnce();
    recordVisitEvents();
    performance.mark(landingRecordedMark);
    startAnalytics(pageBootData().config.gaMeasurementId);
  });
}

whenShown(() => {
  noteLanding();
  noteCtaTaps();
  keepEnquiryDrafts();
  showNavigationFeedback();
  startPageBehaviours();
  document.querySelectorAll<HTMLElement>(`[${islandAttribute}]`).forEach(watchIsland);
  afterFirstPaint(recordVisit);
  performance.mark(pageStartedMark);
});
