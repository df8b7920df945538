import { createContext, use } from 'react';
import type { IslandStates } from './islands/registry.ts';

/**
 * The server state of the islands around it (./islands/registry.ts), by island: on the server every island's the
 * page is rendered with, in the browser one island's own, from the boot data. What changes after that (problems
 * shown, an enquiry accepted) is the island's own state.
 */
export const IslandStateContext = createContext<Partial<IslandStates>>({});

/**
 * The consult form's state as the server rendered it: its token, and a returned post's values and problems. The
 * page reads it on the server (its title, the mobile bar); the form's island reads it in the browser.
 */
export function useServerFormState(): IslandStates['consult-form'] | undefined {
  return use(IslandStateContext)['consult-form'];
}

/**
 * The newsletter sign-up's state as the server rendered it: its token, and a returned plain post's values, problems
 * or answer. The server's pages read it too (the title's error prefix, the pages around a sign-up).
 */
export function useServerNewsletterState(): IslandStates['newsletter'] {
  return use(IslandStateContext).newsletter ?? { token: '' };
}

/** Whether the server rendered the form with problems: a returned post's page. */
export function useServerFormHasProblems(): boolean {
  return Object.keys(useServerFormState()?.errors ?? {}).length > 0;
}
