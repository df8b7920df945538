import { startTransition, useCallback, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, type Location, type UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { GoToContext } from '../components/Link.tsx';
import type { SitePath } from '../content/navigation.ts';

interface SiteRouterProps {
  /**
   * The browser's history, from `createBrowserHistory({ v5Compat: true })`. Created by the caller, before
   * hydration: it numbers the current entry with `replaceState`, which takes a few milliseconds that would
   * otherwise lengthen hydration's first task.
   */
  history: ReturnType<typeof createBrowserHistory>;
  /** Loads the code that rendering `location` needs. */
  prepare: (location: Location) => Promise<unknown>;
  children: ReactNode;
}

/**
 * React Router's BrowserRouter, except that a location change reaches React only once the code it needs has
 * loaded. It also gives every Link its navigate function (src/components/Link.tsx).
 *
 * React cannot hydrate a section whose code has not arrived (src/app/deferred.tsx). If the location changes
 * first, React renders that section again from scratch: it wipes the section's server HTML and shows nothing
 * until the code arrives. It must also render the page the location leads to, whose chunk may not have loaded
 * yet. This applies to links, Back, and a plain `#anchor` link (the browser reports those too). Waiting first
 * keeps the page as it is until then.
 *
 * If the code cannot load (a release has replaced it, or the network dropped), the browser loads the new
 * address itself, as it would without JavaScript. Why: docs/decisions/deferred-sections.md
 */
export function SiteRouter({ history, prepare, children }: SiteRouterProps) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => {
    let latest: unknown;
    return history.listen((update) => {
      latest = update;
      prepare(update.location).then(
        // A later navigation that was ready sooner has already been applied; this one must not come after it.
        () => latest === update && startTransition(() => setState(update)),
        () => window.location.reload(),
      );
    });
  }, [history, prepare]);
  const { pathname, search, hash } = state.location;
  const current = `${pathname}${search}${hash}`;
  // As React Router's Link does, following a link to the page already shown replaces its history entry.
  const goTo = useCallback(
    (to: SitePath) => (to === current ? history.replace(to) : history.push(to)),
    [history, current],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <GoToContext value={goTo}>{children}</GoToContext>
    </Router>
  );
}
