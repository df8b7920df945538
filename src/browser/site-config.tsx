import { createContext, useContext } from 'react';
import type { BrowserConfig } from './lib/public-config.ts';

export const SiteConfigContext = createContext<BrowserConfig | null>(null);

export function useSiteConfig(): BrowserConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig needs a SiteConfigContext provider');
  return config;
}
