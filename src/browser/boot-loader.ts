/**
 * The page's only script tag, and all the script most pages ever run. The page is complete HTML and CSS from the
 * server; this adds what needs no React, on that HTML. As the page starts it only sets listeners and defines
 * `dataLayer` and `gtag`: what a first tap or keystroke needs. It notes the landing and the taps on calls to action
 * in memory (./lib/visit-events.ts), keeps the enquiry form's draft (./lib/enquiry-draft.ts), shows a progress bar
 * for a tapped link (./lib/navigation-feedback.ts), plays a post's video in place (./lib/video-facade.ts) and wakes
 * an island at its first use. Everything else waits for the browser's first idle moment after the first paint: the
 * draft back into the form (sooner, as the visitor reaches the form), a plain post's thanks completed, the header's
 * and the mobile bar's watch on scrolling (./lib/page-behaviours.ts), the islands' watch for nearing the screen,
 * then the landing, attribution and analytics. Until then the server's HTML is right as it is. Why:
 * docs/decisions/boot-loader.md
 * The parts that respond to a visitor through React are islands (./islands/registry.ts): this wakes each one, that is
 * fetches its component's module and the one hydrate function (React with it) and hydrates its element alone, only
 * when it nears the screen or is first used. A page the browser prerenders ahead of a tap does none of it until it
 * is shown. The build puts a copy of what this file imports in its own chunk (build/self-contained-entry.ts), so that
 * it starts without fetching another chunk.
 */
import { pageBootData } from './boot-data.ts';
import { islandAttribute, islandPropsAttribute, islandWakeAttribute } from './islands/markup.ts';
import type { IslandName } from './islands/registry.ts';
import { installGtag, startAnalytics } from './lib/analytics.ts';
import { recordVisitEvents } from './lib/attribution-storage.ts';
import { keepEnquiryDrafts, notePostedPlainly, restoreEnquiryDraft } from './lib/enquiry-draft.ts';
import { onIdle, onIdleAfterFirstPaint } from './lib/idle.ts';
import { showNavigationFeedback } from './lib/navigation-feedback.ts';
import { completeThankYouPage, watchScrolling } from './lib/page-behaviours.ts';
import { whenShown } from './lib/page-shown.ts';
import { enableVideoFacades } from './lib/video-facade.ts';
import { flushVisitEvents, noteCtaTaps, noteLanding, writeVisitEventsAtOnce } from './lib/visit-events.ts';
import { islandWakingMark, landingRecordedMark, pageStartedMark } from './marks.ts';
import type { hydrateIsland } from './islands/hydrate.tsx';

installGtag();

/** How far from the screen an island starts waking (or fetching its code): it arrives before the visitor does. */
const wakeMargin = '400px 0px';

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

interface IslandWaking {
  /** Fetches the island's code and hydrates its element, once: true once hydrated, false if its code did not load. */
  wake: () => Promise<boolean>;
  /** Whether waking has begun. */
  waking: () => boolean;
  /** Whether hydrateRoot has the element: React then handles its events. */
  rooted: () => boolean;
}

/** Each island's waking, by its element, made at the island's first use or as the page settles. */
const islands = new Map<HTMLElement, IslandWaking>();

function island(element: HTMLElement): IslandWaking {
  const known = islands.get(element);
  if (known) return known;
  const name = element.getAttribute(islandAttribute) as IslandName;
  let waking: Promise<boolean> | undefined;
  let rooted = false;
  const wake = () => {
    waking ??= (async () => {
      performance.mark(islandWakingMark(name));
      // What the island reads of the visit (attribution, as its form is sent) is in the tab's storage by then.
      flushVisitEvents();
      const {
        island: [islandModule, ...islandImports],
        hydrate: [hydrateModule, ...hydrateImports],
      } = islandModules(name);
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
  const control = { wake, waking: () => waking !== undefined, rooted: () => rooted };
  islands.set(element, control);
  return control;
}

/** The island's component module and the hydrate function's, then the chunks they import (the boot data's). */
function islandModules(name: IslandName) {
  const { islands, hydrate } = pageBootData().assets;
  return { island: islands[name] ?? [], hydrate };
}

/**
 * Wakes an island at the first focus, tap or input inside it, with listeners on the document, so that the page's
 * start looks for no island. Until it has hydrated an island is the server's HTML, which works as it is: what is
 * typed stays in its fields (and its draft), and a form sent meanwhile is held and sent by the island once it has
 * hydrated, so that the tap that sent it counts once. Should the island's code fail to load, the held form is posted
 * as plain HTML. Why: docs/decisions/islands.md
 */
function wakeIslandsOnUse() {
  const islandOf = (event: Event) => (event.target as Element | null)?.closest?.<HTMLElement>(`[${islandAttribute}]`);
  for (const type of ['focusin', 'pointerdown', 'input'])
    document.addEventListener(
      type,
      (event) => {
        const element = islandOf(event);
        if (element) void island(element).wake();
      },
      true,
    );
  document.addEventListener(
    'submit',
    (event) => {
      const element = islandOf(event);
      if (!element) return;
      // The enquiry carries the taps noted up to its sending.
      flushVisitEvents();
      const { wake, rooted } = island(element);
      // Once hydrateRoot has the element, React handles the submit: the tap or key that sends a form makes React
      // hydrate the form first, as it does for any discrete event on a part not yet hydrated.
      if (rooted()) return;
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
}

/**
 * From the page's first idle moment: wakes an island that wakes `near` as it comes within 400 px of the screen, and
 * fetches the code of one that wakes on `use` then, without running it, so that a form on the first screen costs the
 * page's load nothing. An island already woken (focused first, as a returned post's summary is) needs neither.
 */
function watchIslandsNearing() {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const element = entry.target as HTMLElement;
        observer.unobserve(element);
        const { wake, waking } = island(element);
        if (element.getAttribute(islandWakeAttribute) !== 'use') void wake();
        // Fetched ahead in an idle moment of its own: creating the links is a task of its own on a phone.
        else
          onIdle(() => {
            if (waking()) return;
            const { island: islandCode, hydrate } = islandModules(element.getAttribute(islandAttribute) as IslandName);
            linkModules('prefetch', [...islandCode, ...hydrate]);
          });
      }
    },
    { rootMargin: wakeMargin },
  );
  document.querySelectorAll<HTMLElement>(`[${islandAttribute}]`).forEach((element) => {
    if (!island(element).waking()) observer.observe(element);
  });
}

let settled = false;

/**
 * What the server's HTML cannot know of this tab, once: the draft back in the form, and on the page a plain post
 * lands on, the lead reported and the booking link given the visitor's details. At the first idle moment, as the page
 * is left, or as a booking link is followed first; the draft sooner, as the visitor reaches the form.
 */
function settle() {
  if (settled) return;
  settled = true;
  restoreEnquiryDraft();
  completeThankYouPage();
}

/** Writes the landing and the taps noted so far, records them for attribution and starts analytics. */
function recordVisit() {
  writeVisitEventsAtOnce();
  recordVisitEvents();
  performance.mark(landingRecordedMark);
  startAnalytics(pageBootData().config.gaMeasurementId);
}

whenShown(() => {
  noteLanding();
  noteCtaTaps();
  // A page left before its first idle moment settles too: a thank-you page's lead is reported all the same.
  window.addEventListener('pagehide', settle);
  // A booking link followed before the page has settled carries the visitor's details too.
  document.addEventListener(
    'click',
    (event) => (event.target as Element | null)?.closest?.('a[data-booking-link]') && settle(),
    true,
  );
  keepEnquiryDrafts();
  showNavigationFeedback();
  enableVideoFacades();
  wakeIslandsOnUse();
  onIdleAfterFirstPaint(() => {
    settle();
    watchScrolling();
    watchIslandsNearing();
    onIdle(recordVisit);
  });
  performance.mark(pageStartedMark);
});
