import type { ReactNode } from 'react';
import {
  islandAttribute,
  islandPropsAttribute,
  islandWakeAttribute,
  type IslandName,
  type IslandWake,
} from '../app/islands.ts';

interface IslandProps {
  name: IslandName;
  /** What the browser renders the island with: JSON, the same values the server rendered `children` with. */
  props: Record<string, unknown>;
  /** When the browser hydrates it: as it nears the screen, or only once used. */
  wake: IslandWake;
  children: ReactNode;
}

/**
 * A part of the page the browser hydrates on its own (src/app/islands.ts): the server renders `children` in an
 * element that names the island and carries its props, and the island's module hydrates that element alone.
 */
export function Island({ name, props, wake, children }: IslandProps) {
  const attributes = {
    [islandAttribute]: name,
    [islandPropsAttribute]: JSON.stringify(props),
    [islandWakeAttribute]: wake,
  };
  return <div {...attributes}>{children}</div>;
}
