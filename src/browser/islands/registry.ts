import type { ComponentProps } from 'react';
import type { NewsletterFormState } from '../../lib/newsletter.ts';
import type ConsultForm from '../components/ConsultForm.tsx';
import type NewsletterForm from '../components/NewsletterForm.tsx';
import type Toasts from '../components/Toasts.tsx';
import type { EnquiryFormState } from '../../shared/enquiry-types.ts';

/**
 * The parts of a page the browser hydrates, each as a small React root of its own (an island), and only when it is
 * needed: the rest of the page stays the server's HTML. A page declares an island once, `<Island name props wake />`
 * (src/components/Island.tsx); the server renders the registered component from those props, and the boot loader
 * (src/browser/boot-loader.ts) imports the component's module and the one hydrate function (./hydrate.tsx) when the
 * island wakes. Why: docs/decisions/islands.md
 *
 * Every island, by name: its component's module in src/browser/components/, whose default export is the component.
 */
const islandComponents = {
  'consult-form': 'ConsultForm',
  newsletter: 'NewsletterForm',
  toasts: 'Toasts',
} as const satisfies Record<keyof IslandComponents, string>;

/** Each island's component, by type: `<Island>`'s props are its props. */
export interface IslandComponents {
  'consult-form': typeof ConsultForm;
  newsletter: typeof NewsletterForm;
  toasts: typeof Toasts;
}

/**
 * The server state an island is rendered with beside its props (a form's token, a returned post's values): the
 * server gives it to the islands a page renders, and the page's boot data carries it to each island, keyed by name.
 */
export interface IslandStates {
  'consult-form': EnquiryFormState;
  newsletter: NewsletterFormState;
}

export type IslandName = keyof typeof islandComponents;
export const islandNames = Object.keys(islandComponents) as IslandName[];

/** A value JSON carries unchanged: an island's props are written into the page and parsed back in the browser. */
export type Json<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer Item)[]
    ? readonly Json<Item>[]
    : T extends (...args: never[]) => unknown
      ? never
      : T extends object
        ? { [Key in keyof T]: Json<T[Key]> }
        : never;

/** The props of the island's component (none for a component that takes none), as JSON. */
export type IslandProps<Name extends IslandName> = Json<ComponentProps<IslandComponents[Name]> & object>;

/** The file name (without `.tsx`) of the island's component module in src/browser/components/. */
export const islandComponentFile = (name: IslandName): string => islandComponents[name];

/** Each island's module: its source path, the key of its chunk in Vite's manifest. */
export const islandModules = Object.fromEntries(
  islandNames.map((name) => [name, `src/browser/components/${islandComponentFile(name)}.tsx`]),
) as Record<IslandName, string>;

/** The module of the one function that hydrates every island: its key in Vite's manifest. */
export const hydrateModule = 'src/browser/islands/hydrate.tsx';
