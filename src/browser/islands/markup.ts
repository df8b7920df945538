/**
 * How the server's HTML marks an island for the boot loader (./Island.tsx writes it, src/browser/boot-loader.ts reads
 * it): apart from the registry, so that the loader carries these names and nothing of the registry's tables.
 */

/** The attribute that names an island on its element; its props are in `data-island-props`, as JSON. */
export const islandAttribute = 'data-island';
export const islandPropsAttribute = 'data-island-props';

/**
 * When an island wakes: `near`, as it comes near the screen (one that must replace its server HTML, as the form
 * provider's embed does, before the visitor reaches it); `use`, only at the first focus, tap or input inside it,
 * its code fetched ahead as it nears the screen (one whose server HTML already works, as the site's own form does),
 * or when the page asks for it (the toasts, with the first toast).
 */
export type IslandWake = 'near' | 'use';
export const islandWakeAttribute = 'data-island-wake';
