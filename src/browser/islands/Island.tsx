import type { ComponentType } from 'react';
import { islandAttribute, islandPropsAttribute, islandWakeAttribute, type IslandWake } from './markup.ts';
import { islandComponentFile, islandNames, type IslandName } from './registry.ts';

type IslandComponent = ComponentType<Record<string, unknown>>;

/**
 * Each island's component, imported once as the server starts, from the module the registry names (the bundler
 * turns the import into a table of src/browser/components' modules).
 */
const components = Object.fromEntries(
  await Promise.all(
    islandNames.map(async (name) => {
      const module = (await import(`../components/${islandComponentFile(name)}.tsx`)) as { default: IslandComponent };
      return [name, module.default] as const;
    }),
  ),
) as Record<IslandName, IslandComponent>;

interface IslandProps {
  name: IslandName;
  /** What the island's component is rendered with, on the server and again in the browser: JSON. */
  props: Record<string, unknown>;
  /** When the browser hydrates it: as it nears the screen, or only once used. */
  wake: IslandWake;
}

/**
 * A part of the page the browser hydrates on its own (./registry.ts), declared once: the server renders the
 * registered component from `props` in an element that names the island and carries the same props, and the
 * browser hydrates that element alone from them.
 */
export function Island({ name, props, wake }: IslandProps) {
  const Component = components[name];
  const attributes = {
    [islandAttribute]: name,
    [islandPropsAttribute]: JSON.stringify(props),
    [islandWakeAttribute]: wake,
  };
  return (
    <div {...attributes}>
      <Component {...props} />
    </div>
  );
}
