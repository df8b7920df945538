import { toScriptSafeJson } from './lib/safe-json.ts';
import type { BrowserConfig } from './lib/public-config.ts';
import type { IslandName, IslandStates } from './islands/registry.ts';

export interface PageAssets {
  /** The page's only script tag: its plain behaviours, and what wakes each island (./boot-loader.ts). */
  loader: string;
  /** Stylesheets linked in the head (development: Vite's). */
  styles: string[];
  /**
   * Each island's component module, then the chunks it imports, fetched with it when the island wakes: the islands
   * the page shows.
   */
  islands: Partial<Record<IslandName, string[]>>;
  /** The module of the one function that hydrates every island, then the chunks it imports (React DOM): on a page
   * with islands. */
  hydrate: string[];
}

/** Everything the browser's code reads, sent once as a non-executable JSON block. */
export interface BootData {
  config: BrowserConfig;
  assets: PageAssets;
  /** The server state of each island the page shows that has one (the consult form's token, say), by island. */
  state?: Partial<IslandStates>;
}

export const bootDataElementId = 'boot-data';

export function serializeBootData(data: BootData): string {
  return toScriptSafeJson(data);
}

let pageBoot: BootData | undefined;

/** In the browser: the page's boot data as the server sent it, parsed once for every island that needs it. */
export function pageBootData(): BootData {
  pageBoot ??= JSON.parse(document.getElementById(bootDataElementId)?.textContent ?? '') as BootData;
  return pageBoot;
}
