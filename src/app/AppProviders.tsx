import type { ReactNode } from 'react';
import type { BlogSource } from '../lib/blog-types.ts';
import type { EnquiryFormState } from '../lib/enquiry-types.ts';
import type { PublicConfig } from '../server/config.server.ts';
import { BlogSourceContext } from './blog-source.tsx';
import { EnquiryProvider } from './enquiry-state.tsx';
import { SiteConfigContext } from './site-config.tsx';

interface AppProvidersProps {
  config: PublicConfig;
  source: BlogSource;
  enquiry?: EnquiryFormState;
  children: ReactNode;
}

export function AppProviders({ config, source, enquiry, children }: AppProvidersProps) {
  return (
    <SiteConfigContext value={config}>
      <BlogSourceContext value={source}>
        <EnquiryProvider state={enquiry}>{children}</EnquiryProvider>
      </BlogSourceContext>
    </SiteConfigContext>
  );
}
