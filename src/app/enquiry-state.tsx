import { createContext, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { EnquiryFormState } from '../lib/enquiry-types.ts';

/** A yes/no about the form, held outside React's context so that a change re-renders only its readers. */
interface Flag {
  get(): boolean;
  set(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

function flag(initial: boolean): Flag {
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
  /** The form shows problems. */
  errors: Flag;
  /** An enquiry was accepted on this page: nothing on it asks to book again. */
  accepted: Flag;
}

const EnquiryContext = createContext<EnquiryContextValue>({ errors: flag(false), accepted: flag(false) });

/**
 * The enquiry form's state that the page around it reads. Its value never changes after the first render, so
 * showing a problem re-renders only the components that read the error flag (the page's title), not the page.
 */
export function EnquiryProvider({ state, children }: { state?: EnquiryFormState; children: ReactNode }) {
  const [value] = useState<EnquiryContextValue>(() => ({
    server: state,
    errors: flag(Object.keys(state?.errors ?? {}).length > 0),
    accepted: flag(false),
  }));
  return <EnquiryContext value={value}>{children}</EnquiryContext>;
}

export function useEnquiryState(): {
  server?: EnquiryFormState;
  setHasErrors: (value: boolean) => void;
  setAccepted: (value: boolean) => void;
} {
  const { server, errors, accepted } = use(EnquiryContext);
  return { server, setHasErrors: errors.set, setAccepted: accepted.set };
}

/** Whether the form shows errors: the page title then starts with "Error: ". */
export function useFormHasErrors(): boolean {
  const { errors } = use(EnquiryContext);
  return useSyncExternalStore(errors.subscribe, errors.get, errors.get);
}

/** Whether an enquiry has been accepted in place on this page: the calls to book a consult then step aside. */
export function useEnquiryAccepted(): boolean {
  const { accepted } = use(EnquiryContext);
  return useSyncExternalStore(accepted.subscribe, accepted.get, accepted.get);
}
