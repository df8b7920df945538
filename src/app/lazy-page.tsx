import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage {
  /** The page's source file, the key of its chunk in Vite's manifest. */
  module: string;
  Component: ComponentType;
  /** Loads the page's chunk; the server and the client await it before rendering the matched route. */
  preload(): Promise<void>;
}

/**
 * A route-split page that renders synchronously once preloaded, so that the first render on both sides of
 * hydration is the same tree and never suspends (a suspended shell would need React's inline scripts).
 * Why: docs/decisions/lazy-pages.md
 */
export function lazyPage(module: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= (await load()).default;
  };
  const Deferred = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  function Component() {
    return createElement(loaded ?? Deferred);
  }
  return { module, Component, preload };
}
