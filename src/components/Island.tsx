import { createContext, use, type ComponentType } from 'react';
import {
  islandAttribute,
  islandPropsAttribute,
  islandWakeAttribute,
  type IslandWake,
} from '../browser/islands/markup.ts';
import { islandComponentFile, islandNames, type IslandName, type IslandProps } from '../browser/islands/registry.ts';

/**
 * Each island's component, imported once as the server starts, from the module the registry names (the bundler
 * turns the import into a table of src/browser/components' modules).
 */
const components = Object.fromEntries(
  await Promise.all(
    islandNames.map(async (name) => {
      const file = islandComponentFile(name);
      const module = (await import(`../browser/components/${file}.tsx`)) as { default: ComponentType };
      return [name, module.default] as const;
    }),
  ),
) as Record<IslandName, ComponentType<object>>;

/** The islands a page's render has drawn so far: the page's boot data carries their state and modules alone. */
export const RenderedIslandsContext = createContext<Set<IslandName> | undefined>(undefined);

interface IslandDeclaration<Name extends IslandName> {
  name: Name;
  /** What the island's component is rendered with, on the server and again in the browser: its props, as JSON. */
  props: IslandProps<Name>;
  /** When the browser hydrates it: as it nears the screen, or only once used. */
  wake: IslandWake;
}

/**
 * A part of the page the browser hydrates on its own (src/browser/islands/registry.ts), declared once: the server
 * renders the registered component from `props` in an element that names the island and carries the same props, and
 * the browser hydrates that element alone from them, with the island's server state from the boot data.
 */
export function Island<Name extends IslandName>({ name, props, wake }: IslandDeclaration<Name>) {
  use(RenderedIslandsContext)?.add(name);
  const Component: ComponentType<object> = components[name];
  const attributes = {
    [islandAttribute]: name,
    [islandPropsAttribute]: JSON.stringify(props),
    [islandWakeAttribute]: wake,
  };
  return (
    <div {...attributes}>
      <Component {...(props as object)} />
    </div>
  );
}
