import type { PublicConfig } from '../browser/lib/public-config.ts';
import { useSiteConfig } from '../browser/site-config.tsx';

/**
 * The whole public configuration, for the server's components: the server renders the page inside it, where each
 * island in the browser gets only the browser's part (src/entry-server.tsx).
 */
export const usePageConfig = (): PublicConfig => useSiteConfig() as PublicConfig;
