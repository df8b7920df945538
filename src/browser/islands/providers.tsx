import type { ReactNode } from 'react';
import { FormStateContext } from '../form-state.tsx';
import type { EnquiryFormState } from '../lib/enquiry-types.ts';
import type { PublicConfig } from '../lib/public-config.ts';
import { SiteConfigContext } from '../site-config.tsx';

interface ProvidersProps {
  config: PublicConfig;
  enquiry?: EnquiryFormState;
  children: ReactNode;
}

/**
 * The site's config and the consult form's server state, around the page on the server and around each island in
 * the browser: they render no element, so an island's markup is the server's exactly.
 */
export function Providers({ config, enquiry, children }: ProvidersProps) {
  return (
    <SiteConfigContext value={config}>
      <FormStateContext value={enquiry}>{children}</FormStateContext>
    </SiteConfigContext>
  );
}
