import type { DehydratedState } from '@tanstack/react-query';
import { toScriptSafeJson } from '../lib/safe-json.ts';
import type { PublicConfig } from '../server/config.server.ts';

export interface PageAssets {
  scripts: string[];
  styles: string[];
  /** Chunks the matched route needs, fetched in parallel with the entry. */
  modulePreloads: string[];
}

/** Everything the browser needs to hydrate, sent once as a non-executable JSON block. */
export interface BootData {
  config: PublicConfig;
  assets: PageAssets;
  state: DehydratedState;
}

export const bootDataElementId = 'boot-data';
export const inlineCssElementId = 'site-css';

export function serializeBootData(data: BootData): string {
  return toScriptSafeJson(data);
}
