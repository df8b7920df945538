import { memo, Suspense, use, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { deferredSectionMark } from './hydration-marks.ts';
import { onIdle } from '../lib/idle.ts';

/**
 * Sections that need no JavaScript on the page a visitor lands on (text, `<details>`, plain links, structured
 * data), whose code that page never fetches.
 *
 * The server renders a deferred section in full, like any other, and the browser keeps that HTML as it is: React
 * does not hydrate the section, so its links are plain links and the analytics listener on the document still
 * counts their clicks. Its code loads only when a client-side navigation needs it (src/app/SiteRouter.tsx awaits
 * `preloadDeferredSections` first), and a section rendered after the first page's hydration renders at once.
 *
 * One rule keeps them: no context above a deferred section may change except on a navigation. React cannot tell
 * whether a section it has not hydrated reads a context, so a changed value makes it render that section from
 * scratch, without its code: the server's HTML would vanish until the code came (src/app/enquiry-state.tsx keeps
 * the form's errors out of its context for this reason).
 * Why: docs/decisions/deferred-sections.md
 */

let idleAfterHydration: () => void = () => {};
const hydratedAndIdle = new Promise<void>((resolve) => (idleAfterHydration = resolve));

/** Called once the page has hydrated. */
export function markHydrated(): void {
  onIdle(idleAfterHydration);
}

/** Resolves once the page has hydrated and the browser is idle: when work that can wait should start. */
export function whenHydratedAndIdle(): Promise<void> {
  return hydratedAndIdle;
}

const preloads: (() => Promise<void>)[] = [];
const never = new Promise<never>(() => {});
// Marked settled the way React marks the promises it has seen, so that use() returns at once, even on the server.
const loaded = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
const noSubscription = () => () => {};

/** True while React hydrates (it then reads the server's snapshot), false in a render in the browser. */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * Loads every deferred section defined so far: the server renders them without suspending, and the browser
 * awaits it before a navigation (src/app/SiteRouter.tsx), so that no section is rendered while its code loads.
 */
export async function preloadDeferredSections(): Promise<void> {
  await Promise.all(preloads.map((preload) => preload()));
}

/**
 * A deferred section, from the import of its component. Each one is defined in a module of its own
 * (src/components/Deferred*.tsx), so that its code is a chunk of its own that no page fetches as it loads.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let release: () => void = () => {};
  // Settles once something asks for the code: a navigation, or a render after the first page's hydration.
  const requested = new Promise<void>((resolve) => (release = resolve));
  let rendering: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      Loaded = component;
    });
    release();
    return loading;
  };
  preloads.push(preload);

  function Gate(props: P) {
    // While hydrating, React leaves a suspended boundary as the server rendered it, and hydrates it once the
    // promise settles: here, once a navigation has loaded the code. A render in the browser (a page shown by a
    // navigation) asks for the code itself. If the code never arrives (a release replaced it, the network
    // dropped), the server's HTML stays and works as it is; an error here would take the whole page down.
    // use() is called on every render, with a promise already settled once the code is there: React warns in
    // development when a render that suspended on use() is retried and finishes without calling it.
    const hydrating = useHydrating();
    if (!hydrating && !Loaded) void preload();
    use(Loaded && !rendering ? loaded : (rendering ??= requested.then(() => loading).catch(() => never)));
    useEffect(() => {
      performance.mark(deferredSectionMark);
    }, []);
    const Section = Loaded as ComponentType<P>;
    return <Section {...props} />;
  }

  // Memoised: a parent's re-render with the same props must not disturb a section that has not hydrated.
  return memo(function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Gate {...props} />
      </Suspense>
    );
  }) as unknown as ComponentType<P>;
}
