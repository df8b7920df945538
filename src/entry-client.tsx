import '@vitejs/plugin-react/preamble';
import './styles.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { inlineCssElementId, pageBootData } from './app/boot-data.ts';
import { whenHydratedAndIdle } from './app/hydrated.ts';
import { Document } from './app/Document.tsx';
import { landingRecordedMark } from './app/hydration-marks.ts';
import { routeByPath } from './app/routes.tsx';
import { startAnalytics } from './lib/analytics.ts';
import { nextTask } from './lib/module-preload.ts';

/**
 * Records where the visit came from: this page's landing and what the boot loader noted before (src/lib/visit-events.ts).
 * Its code is fetched apart from the scripts the page needs to become interactive.
 */
function recordVisit() {
  void import('./lib/attribution-storage.ts')
    .then((attribution) => {
      attribution.recordVisitEvents();
      performance.mark(landingRecordedMark);
    })
    .catch(() => {
      // Gone (a cached page outlived its release) or the network dropped: the next page records it.
    });
}

/**
 * Applies the whole stylesheet once the page has hydrated and the browser is idle: the page's inline stylesheet
 * holds only the rules its server HTML uses, so the states scripts bring (a field's error shown as the form is
 * sent, the sending spinner, a played video) take theirs from this one. Its rules only repeat the inline ones for what is on screen,
 * so nothing on screen changes. Why: docs/decisions/inline-stylesheet.md
 */
function applyWholeStylesheet(hrefs: string[]) {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
}

// Evaluated by src/boot-loader.ts after the page's first paint, in a task after React's and the app's.
async function hydratePage() {
  recordVisit();
  const { json: bootJson, data: boot } = pageBootData();
  // The inlined stylesheet is rendered again from the page itself rather than shipped twice.
  const inlineCss = document.getElementById(inlineCssElementId)?.textContent ?? undefined;
  startAnalytics(boot.config.gaMeasurementId, whenHydratedAndIdle());
  void whenHydratedAndIdle().then(() => applyWholeStylesheet(boot.assets.hydratedStyles));
  // The page the server rendered, whatever the address bar says (a form's post answered with its errors, a 404);
  // only a page of another build could name a route this one lacks.
  const route = routeByPath(boot.page.route);
  if (!route) return;
  try {
    await route.page.preload();
  } catch {
    // The page's chunk is gone (a release replaced it) or the network dropped: the server's HTML works as it is.
    return;
  }
  // The page's chunks were evaluated in this task; hydration starts in the next.
  await nextTask();
  // As a transition, hydration yields to the browser between components instead of one long task.
  startTransition(() => {
    hydrateRoot(
      document,
      <Document boot={boot} bootJson={bootJson} inlineCss={inlineCss}>
        <AppProviders config={boot.config} enquiry={boot.enquiry}>
          <App route={route} page={boot.page} />
        </AppProviders>
      </Document>,
    );
  });
}

void hydratePage();
