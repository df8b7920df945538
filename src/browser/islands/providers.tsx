import type { ReactNode } from 'react';
import { IslandStateContext } from '../form-state.tsx';
import type { BrowserConfig } from '../lib/public-config.ts';
import { SiteConfigContext } from '../site-config.tsx';
import type { IslandStates } from './registry.ts';

interface ProvidersProps {
  config: BrowserConfig;
  state: Partial<IslandStates>;
  children: ReactNode;
}

/**
 * The site's config and the islands' server state, around the page on the server and around each island in the
 * browser: they render no element, so an island's markup is the server's exactly.
 */
export function Providers({ config, state, children }: ProvidersProps) {
  return (
    <SiteConfigContext value={config}>
      <IslandStateContext value={state}>{children}</IslandStateContext>
    </SiteConfigContext>
  );
}
