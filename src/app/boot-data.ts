import type { DehydratedState } from '@tanstack/react-query';
import { toScriptSafeJson } from '../lib/safe-json.ts';
import type { EnquiryFormState } from '../lib/enquiry-types.ts';
import type { PublicConfig } from '../lib/public-config.ts';
import type { IslandName } from './islands.ts';
import type { RouteParams } from './route-params.tsx';

export interface PageAssets {
  /** The page's only script tag: its plain behaviours, and what wakes each island (src/boot-loader.ts). */
  loader: string;
  /** Stylesheets linked in the head (development: Vite's). */
  styles: string[];
  /**
   * The whole stylesheet, applied once an island wakes, or idle on a page with a video (production): its inline copy
   * holds only the rules its server HTML uses, not those of the states an island brings.
   */
  hydratedStyles: string[];
  /** Each island's module, then the chunks it imports, fetched with it when the island wakes. */
  islands: Partial<Record<IslandName, string[]>>;
}

/**
 * The page the server rendered, which the browser hydrates as it is: whatever address it was answered at (a form's
 * post answered with its errors, a shared 404), the browser never works the page out again from the address bar.
 */
export interface RenderedPage {
  /** The route's path in the route table (`/blog/:slug`). */
  route: string;
  params: RouteParams;
  /** The path and query the page was rendered for. */
  location: string;
}

/** Everything the browser's islands need, sent once as a non-executable JSON block. */
export interface BootData {
  page: RenderedPage;
  config: PublicConfig;
  assets: PageAssets;
  state: DehydratedState;
  /** On pages with the consult form: its token, and a returned post's values and errors. */
  enquiry?: EnquiryFormState;
}

export const bootDataElementId = 'boot-data';
export const inlineCssElementId = 'site-css';

export function serializeBootData(data: BootData): string {
  return toScriptSafeJson(data);
}

let pageBoot: { json: string; data: BootData } | undefined;

/** In the browser: the page's boot data as the server sent it and parsed, read once for every module that needs it. */
export function pageBootData(): { json: string; data: BootData } {
  if (!pageBoot) {
    const json = document.getElementById(bootDataElementId)?.textContent ?? '';
    pageBoot = { json, data: JSON.parse(json) as BootData };
  }
  return pageBoot;
}
