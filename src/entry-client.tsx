import '@vitejs/plugin-react/preamble';
import './styles.css';
import { startTransition } from 'react';
import { hydrateRoot } from './react-dom-client.ts';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { App } from './app/App.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { inlineCssElementId, pageBootData } from './app/boot-data.ts';
import { preloadDeferredSections, whenHydratedAndIdle } from './app/deferred.tsx';
import { Document } from './app/Document.tsx';
import { landingRecordedMark } from './app/hydration-marks.ts';
import { matchAppRoute } from './app/routes.tsx';
import { SiteRouter } from './app/SiteRouter.tsx';
import { startAnalytics } from './lib/analytics.ts';
import { nextTask } from './lib/module-preload.ts';

/**
 * The code a page needs: its route's chunk, then every deferred section defined so far (all small, loaded once):
 * the next page's, and those of the page on screen, which a same-page navigation (an in-page link) hydrates.
 */
async function loadPageCode({ pathname }: { pathname: string }) {
  await matchAppRoute(pathname).route.page.preload();
  await preloadDeferredSections();
}

/**
 * Records where the visit came from, from the address the page was loaded with: the router may have changed it by
 * the time the code arrives, which is fetched apart from the scripts the page needs to become interactive.
 */
function recordLanding() {
  const { href } = window.location;
  const { referrer } = document;
  void import('./lib/attribution-storage.ts')
    .then((attribution) => {
      attribution.recordLanding(href, referrer);
      performance.mark(landingRecordedMark);
    })
    .catch(() => {
      // Gone (a cached page outlived its release) or the network dropped: this landing goes unrecorded.
    });
}

// Evaluated by src/boot-loader.ts after the page's first paint, in a task after React's and the app's.
async function hydratePage() {
  recordLanding();
  const { json: bootJson, data: boot } = pageBootData();
  // The inlined stylesheet is rendered again from the page itself rather than shipped twice.
  const inlineCss = document.getElementById(inlineCssElementId)?.textContent ?? undefined;
  startAnalytics(boot.config.gaMeasurementId, whenHydratedAndIdle());
  try {
    await matchAppRoute(window.location.pathname).route.page.preload();
  } catch {
    // The page's chunk is gone (a release replaced it) or the network dropped: the server's HTML works as it is.
    return;
  }
  // The page's chunks were evaluated in this task; the history and hydration start in the next.
  await nextTask();
  const history = createBrowserHistory({ v5Compat: true });
  // As a transition, hydration yields to the browser between components instead of one long task.
  startTransition(() => {
    hydrateRoot(
      document,
      <Document boot={boot} bootJson={bootJson} inlineCss={inlineCss}>
        <AppProviders config={boot.config} enquiry={boot.enquiry}>
          <SiteRouter history={history} prepare={loadPageCode}>
            <App />
          </SiteRouter>
        </AppProviders>
      </Document>,
    );
  });
}

void hydratePage();
