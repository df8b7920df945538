/**
 * The parts of a page the browser hydrates, each as a small React root of its own (an island), and only when it is
 * needed: the rest of the page stays the server's HTML. A page declares an island once, `<Island name props wake />`
 * (./Island.tsx); the server renders the registered component from those props, and the boot loader
 * (src/browser/boot-loader.ts) imports the component's module and the one hydrate function (./hydrate.tsx) when the
 * island wakes. Why: docs/decisions/islands.md
 *
 * Every island, by name: its component's module in src/browser/components/, whose default export is the component.
 * An island is its component and one line here.
 */
const islandComponents = {
  'consult-form': 'ConsultForm',
  newsletter: 'NewsletterForm',
  toasts: 'Toasts',
} as const;

export type IslandName = keyof typeof islandComponents;
export const islandNames = Object.keys(islandComponents) as IslandName[];

/** The file name (without `.tsx`) of the island's component module in src/browser/components/. */
export const islandComponentFile = (name: IslandName): string => islandComponents[name];

/** Each island's module: its source path, the key of its chunk in Vite's manifest. */
export const islandModules = Object.fromEntries(
  islandNames.map((name) => [name, `src/browser/components/${islandComponentFile(name)}.tsx`]),
) as Record<IslandName, string>;

/** The module of the one function that hydrates every island: its key in Vite's manifest. */
export const hydrateModule = 'src/browser/islands/hydrate.tsx';
