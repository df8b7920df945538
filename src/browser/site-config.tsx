import { createContext, useContext } from 'react';
import type { PublicConfig } from './lib/public-config.ts';

export const SiteConfigContext = createContext<PublicConfig | null>(null);

export function useSiteConfig(): PublicConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig needs a SiteConfigContext provider');
  return config;
}
