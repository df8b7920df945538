import { createElement, type ComponentType } from 'react';

export interface LazyPage {
  /** The page's source file, the key of its chunk in Vite's manifest. */
  module: string;
  Component: ComponentType;
  /** Loads the page's chunk; the server and the client await it before rendering the matched route. */
  preload(): Promise<void>;
}

/**
 * A page loaded on its first render, which renders synchronously once preloaded, so that the server's render never
 * suspends (a suspended shell would need React's inline scripts). Only the server renders pages: the browser
 * hydrates islands alone.
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
