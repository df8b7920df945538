// eslint-disable-next-line import-x/no-extraneous-dependencies -- served by Vite's React plugin while it bundles
import '@vitejs/plugin-react/preamble';
import { useEffect, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pageBootData } from '../boot-data.ts';
import { islandHydratedMark } from '../marks.ts';
import { Providers } from './providers.tsx';
import type { IslandName, IslandStates } from './registry.ts';

function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

const hydrated = new WeakMap<Element, Promise<void>>();

/**
 * Hydrates the island in `element` (./registry.ts) from the server's HTML: its component with the props the server
 * rendered it with, inside the page's providers (config and the form's server state, from the boot data), which
 * render no element: the island gets its own server state alone. An island the server rendered nothing of (the
 * toasts) is rendered into its empty element instead. Each island is a root of its own, so no island calls `useId`
 * (lint forbids it: the server's render numbers them across the whole page). Resolves once it has hydrated,
 * when it sets its `island-hydrated:<name>` mark; an element is hydrated once, however often asked.
 */
export function hydrateIsland(
  element: HTMLElement,
  name: IslandName,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
): Promise<void> {
  let done = hydrated.get(element);
  if (done) return done;
  const { config, state } = pageBootData();
  done = new Promise((resolve) => {
    const onHydrated = () => {
      performance.mark(islandHydratedMark(name));
      resolve();
    };
    const island = (
      <Providers config={config} state={{ [name]: state?.[name as keyof IslandStates] }}>
        <Component {...props} />
        <Hydrated onHydrated={onHydrated} />
      </Providers>
    );
    if (element.hasChildNodes()) hydrateRoot(element, island);
    else createRoot(element).render(island);
  });
  hydrated.set(element, done);
  return done;
}
