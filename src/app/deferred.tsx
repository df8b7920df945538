import { memo, Suspense, use, useEffect, type ComponentType } from 'react';
import { deferredSectionMark } from './hydration-marks.ts';
import { onIdle } from '../lib/idle.ts';
import { preloadModulesInTurn } from '../lib/module-preload.ts';

/**
 * Sections below a page's first screen, whose code stays out of the scripts a page needs to become interactive.
 *
 * The server renders a deferred section in full, like any other. In the browser its chunk loads once the page
 * has hydrated and the browser is idle (or at once, when a client-side navigation shows it); until then React
 * keeps the server's HTML, whose links, `<details>` and analytics work without it.
 * Why: docs/decisions/deferred-sections.md
 */

let hydrated = false;
let idleAfterHydration: () => void = () => {};
const hydratedAndIdle = new Promise<void>((resolve) => (idleAfterHydration = resolve));

/** Called once the page has hydrated. */
export function markHydrated(): void {
  hydrated = true;
  onIdle(idleAfterHydration);
}

/** Resolves once the page has hydrated and the browser is idle: when work that can wait should start. */
export function whenHydratedAndIdle(): Promise<void> {
  return hydratedAndIdle;
}

let deferredScripts: readonly string[] = [];
let fetchingScripts: Promise<void> | undefined;

/**
 * The chunks the first page's deferred sections need (BootData's deferredScripts). They are fetched one a task
 * before the first section loads; otherwise its import would start every fetch in one long task.
 */
export function setDeferredScripts(scripts: readonly string[]): void {
  deferredScripts = scripts;
}

const preloads: (() => Promise<void>)[] = [];
const never = new Promise<never>(() => {});
// Marked settled the way React marks the promises it has seen, so that use() returns at once, even on the server.
const loaded = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/**
 * Loads every deferred section defined so far: the server renders them without suspending, and the browser
 * awaits it before a navigation (src/app/SiteRouter.tsx), so that no section is rendered while its code loads.
 */
export async function preloadDeferredSections(): Promise<void> {
  await Promise.all(preloads.map((preload) => preload()));
}

/**
 * A deferred section, from the import of its component. Each one is defined in a module of its own
 * (src/components/Deferred*.tsx), so that a page's chunks name only the deferred sections it shows, and its boot
 * data lists only their chunks.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let rendering: Promise<void> | undefined;
  const preload = () =>
    (loading ??= (fetchingScripts ??= preloadModulesInTurn(deferredScripts)).then(load).then((component) => {
      Loaded = component;
    }));
  preloads.push(preload);

  function Gate(props: P) {
    // While hydrating, React leaves a suspended boundary as the server rendered it and hydrates it later. If the
    // code never arrives (a release replaced it, the network dropped), the server's HTML stays, and its links
    // work as they did before hydration; an error here would take the whole page down.
    // use() is called on every render, with a promise already settled once the code is there: React warns in
    // development when a render that suspended on use() is retried and finishes without calling it.
    use(
      Loaded && !rendering
        ? loaded
        : (rendering ??= (hydrated ? preload() : hydratedAndIdle.then(preload)).catch(() => never)),
    );
    useEffect(() => {
      performance.mark(deferredSectionMark);
    }, []);
    const Section = Loaded as ComponentType<P>;
    return <Section {...props} />;
  }

  // Memoised: a parent's re-render with the same props must not disturb a section that has not hydrated yet.
  return memo(function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Gate {...props} />
      </Suspense>
    );
  }) as unknown as ComponentType<P>;
}
