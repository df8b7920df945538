/**
 * The parts of a page the browser hydrates, each as a small React root of its own (an island), and only when a
 * visitor nears or uses it: the rest of the page stays the server's HTML. The server renders an island inside the
 * whole page, in an element carrying its name and its props; the boot loader (src/boot-loader.ts) imports the
 * island's module when it is needed, which hydrates that element alone.
 */
export const islandNames = ['consult-form'] as const;
export type IslandName = (typeof islandNames)[number];

/** The attribute that names an island on its element; its props are in `data-island-props`, as JSON. */
export const islandAttribute = 'data-island';
export const islandPropsAttribute = 'data-island-props';

/**
 * When an island wakes: `near`, as it comes near the screen (one that must replace its server HTML, as the form
 * provider's embed does, before the visitor reaches it); `use`, only at the first focus, tap or input inside it,
 * its code fetched ahead as it nears the screen (one whose server HTML already works, as the site's own form does).
 */
export type IslandWake = 'near' | 'use';
export const islandWakeAttribute = 'data-island-wake';

/** The island modules' source files, the keys of their chunks in Vite's manifest. */
export const islandModules: Record<IslandName, string> = {
  'consult-form': 'src/islands/consult-form.tsx',
};

/** What an island's module exports: hydrates its element with the props the server rendered it with. */
export interface IslandModule {
  hydrateIsland(element: HTMLElement, props: unknown): Promise<void>;
}
