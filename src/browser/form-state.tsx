import { createContext, use } from 'react';
import type { EnquiryFormState } from './lib/enquiry-types.ts';

/**
 * The consult form's state as the server rendered it: its token, and a returned post's values and problems. The
 * page reads it on the server (its title, the mobile bar); the form's island reads it in the browser, from the boot
 * data. What changes after that (problems shown, an enquiry accepted) is the island's own state.
 */
export const FormStateContext = createContext<EnquiryFormState | undefined>(undefined);

export function useServerFormState(): EnquiryFormState | undefined {
  return use(FormStateContext);
}

/** Whether the server rendered the form with problems: a returned post's page. */
export function useServerFormHasProblems(): boolean {
  return Object.keys(useServerFormState()?.errors ?? {}).length > 0;
}
