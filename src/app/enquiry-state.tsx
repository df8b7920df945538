import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import type { EnquiryFormState } from '../lib/enquiry-types.ts';

interface EnquiryContextValue {
  /** The form state the server rendered (token, and a returned post's values and errors). */
  server?: EnquiryFormState;
  /** Whether the form shows errors: the page title then starts with "Error: ". */
  hasErrors: boolean;
  setHasErrors: (value: boolean) => void;
}

const EnquiryContext = createContext<EnquiryContextValue>({ hasErrors: false, setHasErrors: () => {} });

export function EnquiryProvider({ state, children }: { state?: EnquiryFormState; children: ReactNode }) {
  const [hasErrors, setHasErrors] = useState(() => Object.keys(state?.errors ?? {}).length > 0);
  const value = useMemo(() => ({ server: state, hasErrors, setHasErrors }), [state, hasErrors]);
  return <EnquiryContext value={value}>{children}</EnquiryContext>;
}

export function useEnquiryState(): EnquiryContextValue {
  return use(EnquiryContext);
}
