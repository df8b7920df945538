import type { ReactNode } from 'react';
import type { EnquiryFormState } from '../lib/enquiry-types.ts';
import type { PublicConfig } from '../lib/public-config.ts';
import { EnquiryProvider } from './enquiry-state.tsx';
import { SiteConfigContext } from './site-config.tsx';

interface AppProvidersProps {
  config: PublicConfig;
  enquiry?: EnquiryFormState;
  children: ReactNode;
}

/**
 * The site's config and the consult form's state, around the page on the server and around an island in the browser:
 * they render no element, so an island's markup is the server's exactly.
 */
export function AppProviders({ config, enquiry, children }: AppProvidersProps) {
  return (
    <SiteConfigContext value={config}>
      <EnquiryProvider state={enquiry}>{children}</EnquiryProvider>
    </SiteConfigContext>
  );
}
