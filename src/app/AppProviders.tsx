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

export function AppProviders({ config, enquiry, children }: AppProvidersProps) {
  return (
    <SiteConfigContext value={config}>
      <EnquiryProvider state={enquiry}>{children}</EnquiryProvider>
    </SiteConfigContext>
  );
}
