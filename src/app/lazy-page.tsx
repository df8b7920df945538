import { createElement, type ComponentType } from 'react';

export interface LazyPage {
  /** The page's source file, the key of its chunk in Vite's manifest. */
  module: string;
  Component: ComponentType;
  /** Loads the page's chunk; the server and the client await it before rendering the matched route. */
  preload(): Promise<void>;
}

/**
 * A route-split page that renders synchronously once preloaded, so that the first render on both sides of
 * hydration is the same tree and never suspends (a suspended shell would need React's inline scripts). Each side
 * renders only the page it has preloaded: links load the next page in full.
 * Why: docs/decisions/lazy-pages.md
 */
export function lazyPage(module: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  return {
    module,
    async preload() {
      loaded ??= (await load()).default;
    },
    Component() {
      if (!loaded) throw new Error(`${module} was rendered before its chunk was loaded`);
      return createElement(loaded);
    },
  };
}
