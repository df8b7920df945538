import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { BlogSource } from '../lib/blog-types.ts';
import type { PublicConfig } from '../server/config.server.ts';
import { BlogSourceContext } from './blog-source.tsx';
import { SiteConfigContext } from './site-config.tsx';

interface AppProvidersProps {
  queryClient: QueryClient;
  config: PublicConfig;
  source: BlogSource;
  children: ReactNode;
}

export function AppProviders({ queryClient, config, source, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteConfigContext value={config}>
        <BlogSourceContext value={source}>{children}</BlogSourceContext>
      </SiteConfigContext>
    </QueryClientProvider>
  );
}
