/**
 * The page's only script tag, and all the script most pages ever run. The page is complete HTML and CSS from the
 * server; this adds what needs no React, on that HTML. As the page starts it only sets listeners and defines
 * `dataLayer` and `gtag`: what a first tap or keystroke needs. It notes the landing and the taps on calls to action
 * in memory (./lib/visit-events.ts), keeps the enquiry form's draft (./lib/enquiry-draft.ts), shows a progress bar
 * for a tapped link (./lib/navigation-feedback.ts), plays a post's video in place (./lib/video-facade.ts) and wakes
 * an island at its first use. Everything else waits for the browser's first idle moment after the first paint: the
 * draft back into the form (sooner, as the visitor reaches the form), a plain post's thanks completed (and a
 * newsletter confirmation's, ./lib/newsletter-pages.ts, whose confirmation page it also sends), the header's
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
import { followChosenPlan } from './lib/page-around-form.ts';
import { confirmForVisitor, reportNewsletterSignUp } from './lib/newsletter-pages.ts';
import { completeThankYouPage, completeThankYouPageOnUse, watchScrolling } from './lib/page-behaviours.ts';
import { whenShown } from './lib/page-shown.ts';
import { enableVideoFacades } from './lib/video-facade.ts';
import { flushVisitEvents, noteCtaTaps, noteLanding, writeVisitEventsAtOnce } from './lib/visit-events.ts';
import { islandWakingMark, landingRecordedMark, pageSettledMark, pageStartedMark } from './marks.ts';
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

/** Each island's waking, by its element: true once it has hydrated, false if its code did not load. */
const wakings = new WeakMap<HTMLElement, Promise<boolean>>();
/** The islands hydrateRoot has: React then handles their events. */
const rooted = new WeakSet<HTMLElement>();

/** Wakes the island in `element`, once: fetches its code and hydrates it. */
function wakeIsland(element: HTMLElement): Promise<boolean> {
  let waking = wakings.get(element);
  if (!waking) {
    waking = loadAndHydrate(element);
    wakings.set(element, waking);
  }
  return waking;
}

async function loadAndHydrate(element: HTMLElement): Promise<boolean> {
  const name = element.getAttribute(islandAttribute) as IslandName;
  performance.mark(islandWakingMark(name));
  // What the island reads of the visit (attribution, as its form is sent) is in the tab's storage by then.
  flushVisitEvents();
  const [islandModule, ...islandImports] = islandCode(name);
  const [hydrateModule, ...hydrateImports] = pageBootData().assets.hydrate;
  try {
    if (!islandModule || !hydrateModule) throw new Error(`No module for the island ${name}`);
    linkModules('modulepreload', [...hydrateImports, ...islandImports]);
    const [{ hydrateIsland: hydrate }, { default: Component }] = (await Promise.all([
      import(/* @vite-ignore */ hydrateModule),
      import(/* @vite-ignore */ islandModule),
    ])) as [{ hydrateIsland: typeof hydrateIsland }, { default: Parameters<typeof hydrateIsland>[2] }];
    const props = JSON.parse(element.getAttribute(islandPropsAttribute) ?? '{}') as Record<string, unknown>;
    rooted.add(element);
    await hydrate(element, name, Component, props);
    return true;
  } catch {
    // Gone (a cached page outlived its release) or the network dropped: the server's HTML works as it is.
    return false;
  }
}

/** The island's component module, then the chunks it imports (the boot data's). */
const islandCode = (name: IslandName) => pageBootData().assets.islands[name] ?? [];

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
        if (element) void wakeIsland(element);
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
      // Once hydrateRoot has the element, React handles the submit: the tap or key that sends a form makes React
      // hydrate the form first, as it does for any discrete event on a part not yet hydrated.
      if (rooted.has(element)) return;
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      void wakeIsland(element).then((hydrated) => {
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
        if (element.getAttribute(islandWakeAttribute) !== 'use') void wakeIsland(element);
        // Fetched ahead in an idle moment of its own: creating the links is a task of its own on a phone.
        else
          onIdle(() => {
            const name = element.getAttribute(islandAttribute) as IslandName;
            if (!wakings.has(element)) linkModules('prefetch', [...islandCode(name), ...pageBootData().assets.hydrate]);
          });
      }
    },
    { rootMargin: wakeMargin },
  );
  document.querySelectorAll<HTMLElement>(`[${islandAttribute}]`).forEach((element) => {
    if (!wakings.has(element)) observer.observe(element);
  });
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
  keepEnquiryDrafts();
  completeThankYouPageOnUse();
  // Before the progress bar's listener, which leaves a click its script has taken over alone.
  enableVideoFacades();
  showNavigationFeedback();
  wakeIslandsOnUse();
  confirmForVisitor();
  onIdleAfterFirstPaint(() => {
    restoreEnquiryDraft();
    followChosenPlan();
    completeThankYouPage();
    reportNewsletterSignUp();
    watchScrolling();
    watchIslandsNearing();
    performance.mark(pageSettledMark);
    onIdle(recordVisit);
  });
  performance.mark(pageStartedMark);
});
