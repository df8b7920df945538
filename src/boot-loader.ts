/**
 * The page's only script tag. The page is complete HTML and CSS; its scripts only make it interactive, so they
 * are fetched after the first paint and never compete with the page (or its first image) for a slow phone's
 * bandwidth. Then every chunk is fetched at once and evaluated in turn (React, the other libraries, the app,
 * then the entry, which hydrates). Each step is a task of its own: a slow phone can handle a tap between two,
 * where one task for all of them would block it for the whole time. Why: docs/decisions/boot-loader.md
 * Before all that, and before the first paint, it starts what the page does once it is shown (`startPageVisit`) and
 * answers a tap on a link with a progress bar (src/lib/navigation-feedback.ts): all of it works on the server's HTML,
 * so it needs neither React nor the page's other scripts. A page the browser prerenders ahead of a tap does none of
 * it, nor fetches its scripts (whose analytics and attribution would count a visit), until it is shown.
 * The build puts a copy of what this file imports in its own chunk (build/self-contained-entry.ts), so that it
 * starts without fetching another chunk.
 */
import { bootDataElementId, type BootData } from './app/boot-data.ts';
import { keepEnquiryDrafts } from './lib/enquiry-draft.ts';
import { nextTask, preloadModulesInTurn } from './lib/module-preload.ts';
import { showNavigationFeedback } from './lib/navigation-feedback.ts';
import { whenShown } from './lib/page-shown.ts';
import { noteCtaTaps, noteLanding } from './lib/visit-events.ts';

async function evaluateInTurn(scripts: string[]) {
  try {
    for (const src of scripts) {
      await import(/* @vite-ignore */ src);
      await nextTask();
    }
  } catch {
    // Gone (a cached page outlived its release) or the network dropped: the page works as plain HTML.
  }
}

function loadScripts() {
  const { assets } = JSON.parse(document.getElementById(bootDataElementId)?.textContent ?? '{}') as BootData;
  const [first, ...later] = assets.scripts;
  if (!first) return;
  void evaluateInTurn(assets.scripts);
  void preloadModulesInTurn([...later, ...assets.modulePreloads]);
}

/**
 * Runs `start` once the first paint has reached the screen. The browser reports a paint's time only after it
 * shows it, and a fetch started in between would count as competing with the page's first paint (Lighthouse
 * then adds the download of React to its estimate of it). Browsers without paint timing start on the next
 * frame, and a page in a background tab (no paint yet) starts after 3 s.
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
 * What runs once for each page the visitor is shown, from its first paint: the landing is noted for attribution,
 * taps on calls to action are counted (src/lib/visit-events.ts), and the enquiry form's draft is kept and restored.
 */
function startPageVisit() {
  noteLanding();
  noteCtaTaps();
  keepEnquiryDrafts();
}

whenShown(() => {
  startPageVisit();
  showNavigationFeedback();
  afterFirstPaint(loadScripts);
});
