import { createContext, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { EnquiryFormState } from '../lib/enquiry-types.ts';

/** Whether the form shows errors, held outside React's context so that a change re-renders only its readers. */
interface ErrorFlag {
  get(): boolean;
  set(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

function errorFlag(initial: boolean): ErrorFlag {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface EnquiryContextValue {
  /** The form state the server rendered (token, and a returned post's values and errors). */
  server?: EnquiryFormState;
  errors: ErrorFlag;
}

const EnquiryContext = createContext<EnquiryContextValue>({ errors: errorFlag(false) });

/**
 * The enquiry form's state that the page around it reads. Its value never changes after the first render, so
 * showing a problem re-renders only the components that read the error flag (the page's title), not the page.
 */
export function EnquiryProvider({ state, children }: { state?: EnquiryFormState; children: ReactNode }) {
  const [value] = useState<EnquiryContextValue>(() => ({
    server: state,
    errors: errorFlag(Object.keys(state?.errors ?? {}).length > 0),
  }));
  return <EnquiryContext value={value}>{children}</EnquiryContext>;
}

export function useEnquiryState(): { server?: EnquiryFormState; setHasErrors: (value: boolean) => void } {
  const { server, errors } = use(EnquiryContext);
  return { server, setHasErrors: errors.set };
}

/** Whether the form shows errors: the page title then starts with "Error: ". */
export function useFormHasErrors(): boolean {
  const { errors } = use(EnquiryContext);
  return useSyncExternalStore(errors.subscribe, errors.get, errors.get);
}
