import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import type { Writable } from 'node:stream';
import { App } from './app/App.tsx';
import { Providers } from './browser/islands/providers.tsx';
import type { BootData, PageAssets } from './browser/boot-data.ts';
import type { IslandName, IslandStates } from './browser/islands/registry.ts';
import { RenderedIslandsContext } from './components/Island.tsx';
import { Document } from './app/Document.tsx';
import { loadRoute, matchAppRoute, notFoundRoute, type AppRoute } from './app/routes.ts';
import { planIds } from './content/plan-titles.ts';
import { blogListHref, parseBlogSearch } from './lib/blog-search.ts';
import type { BlogSource } from './lib/blog-types.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { Loaded, RouteParams } from './lib/route-load.ts';
import type { BrowserConfig, PublicConfig } from './browser/lib/public-config.ts';

export interface RenderInput {
  config: PublicConfig;
  assets: () => PageAssets;
  /** The server state each island is rendered with, should the page show it (the consult form's token). */
  islandState?: Partial<IslandStates>;
}

export interface RenderOutput {
  /** Crawlers get the complete document in one piece; browsers get the shell as soon as it is ready. */
  waitForAll: boolean;
  onReady(status: number, pipe: <T extends Writable>(destination: T) => T): void;
  /** Called once everything is rendered, after onReady when the shell and the rest are ready at once. */
  onAllReady?(): void;
  onShellError(error: unknown): void;
  onError(error: unknown): void;
}

/**
 * The request's path and query as an address on this site. `//evil.example/blog` is a path here, never another
 * host, and `//` alone is a path too (as a URL relative to a base it would not even parse).
 */
function siteUrl(input: string): URL {
  return new URL(input.startsWith('/') ? `http://localhost${input}` : input, 'http://localhost');
}

/** The address every unknown path is rendered and cached as: they all show the same page. */
export const notFoundPageUrl = '/404';

/** A plan id changes the start-project page only when it is one of the plans; any other value is ignored. */
const isPlanId = (value: string) => (planIds as readonly string[]).includes(value);

/**
 * The route's own path with the matched parameters put back: `/SERVICES/` and `/services` are one page, as
 * matchAppRoute reads them, and the page's canonical link names this path.
 */
function canonicalPath(route: AppRoute, params: RouteParams, pathname: string): string {
  if (!/[:*]/.test(route.path)) return route.path;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return path.includes('*') ? pathname : path;
}

/** The query the route's page reads, read the one way the page reads it, or '' when it reads none here. */
function canonicalQuery(route: AppRoute, search: URLSearchParams): string {
  const keys = route.searchKeys ?? [];
  if (keys.includes('category') || keys.includes('page')) {
    const href = blogListHref(parseBlogSearch(search));
    return href.includes('?') ? href.slice(href.indexOf('?')) : '';
  }
  const plan = keys.includes('plan') ? search.get('plan') : null;
  return plan !== null && isPlanId(plan) ? `?${new URLSearchParams({ plan }).toString()}` : '';
}

/** Whether the page at `input` (a path and query) has a secret in its address: never cached, nor told to analytics. */
export function isPrivatePage(input: string): boolean {
  return matchAppRoute(siteUrl(input).pathname).route.private === true;
}

/**
 * The part of a URL that its page depends on: the route's canonical path and the query values it reads, so that
 * `/?utm_source=newsletter` is the same page (and the same cache entry) as `/`, `/Services/` the same as
 * `/services`, `/blog?page=02` the same as `/blog?page=2`, `/start-project?plan=<unknown>` the same as
 * `/start-project`, and every unknown path one entry.
 */
export function pageUrl(input: string): string {
  const url = siteUrl(input);
  const { route, params } = matchAppRoute(url.pathname);
  if (route === notFoundRoute) return notFoundPageUrl;
  const path = canonicalPath(route, params, url.pathname);
  // Most requests carry no query.
  return url.search ? path + canonicalQuery(route, url.searchParams) : path;
}

/**
 * A page's route matched and the data it shows loaded from the store, once per request: its status is decided from
 * it before a byte is streamed, and the page renders from that same query cache.
 */
export interface LoadedPage {
  /** The path and query the page is rendered for, e.g. `/blog?page=2`. */
  url: string;
  route: AppRoute;
  queryClient: QueryClient;
  /** What the route's load decided: the status, the page's outcome and the queries it reads. */
  loaded: Loaded;
  /**
   * The route's shared 404 address when this is a 404 of a route that has one (a missing post, a made-up preview
   * link, an unknown category, a page past the last): every address of that kind is then one cache entry, as every
   * unknown path is.
   */
  sharedNotFoundUrl?: string;
}

/** Matches the route of `url` (a path and query) and loads the data that decides its status. */
export async function loadPage(url: string, source: BlogSource): Promise<LoadedPage> {
  const { pathname, searchParams } = siteUrl(url);
  const { route, params } = matchAppRoute(pathname);
  const queryClient = createQueryClient();
  const loaded = await loadRoute(route, { queryClient, source, params, searchParams });
  return { url, route, queryClient, loaded, sharedNotFoundUrl: loaded.sharedUrl };
}

/**
 * What the browser's code reads, and no more: its part of the configuration, and the modules and server state of the
 * islands the page showed (none of the hydrate function's chunks where it shows none).
 */
function bootData(
  config: PublicConfig,
  assets: PageAssets,
  state: Partial<IslandStates>,
  rendered: ReadonlySet<IslandName>,
): BootData {
  const { siteName, contactPhone, contactEmail, hubspot, gaMeasurementId, bookingUrl, enquiriesEmailed } = config;
  const shown = <T,>(record: Partial<Record<IslandName, T>>) =>
    Object.fromEntries(Object.entries(record).filter(([name]) => rendered.has(name as IslandName)));
  return {
    config: {
      siteName,
      contactPhone,
      contactEmail,
      hubspot,
      gaMeasurementId,
      bookingUrl,
      enquiriesEmailed,
    } satisfies BrowserConfig,
    assets: { ...assets, islands: shown(assets.islands), hydrate: rendered.size ? assets.hydrate : [] },
    ...(rendered.size && Object.keys(state).length ? { state: shown(state) } : {}),
  };
}

/** Renders a loaded page with the status its data decided. */
export async function renderPage(
  page: LoadedPage,
  input: RenderInput,
  output: RenderOutput,
): Promise<{ abort(): void }> {
  const { route, loaded, queryClient } = page;
  const { status } = loaded;
  const { config, islandState = {} } = input;
  const assets = input.assets();
  const rendered = new Set<IslandName>();
  const stream = renderToPipeableStream(
    <Document
      siteName={config.siteName}
      styles={assets.styles}
      boot={() => bootData(config, assets, islandState, rendered)}
    >
      <Providers config={config} state={islandState}>
        <RenderedIslandsContext value={rendered}>
          {/* The blog's pages read this request's cache, filled from the store by the route's load. */}
          <QueryClientProvider client={queryClient}>
            <App route={route} loaded={loaded} location={page.url} />
          </QueryClientProvider>
        </RenderedIslandsContext>
      </Providers>
    </Document>,
    {
      bootstrapModules: [assets.loader],
      // A completed Suspense boundary stays in place in the HTML. By default React moves a
      // large one to the end of the stream and puts it back with an inline script, which the CSP forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        if (!output.waitForAll) output.onReady(status, stream.pipe);
      },
      onAllReady() {
        output.onAllReady?.();
        if (output.waitForAll) output.onReady(status, stream.pipe);
      },
      onShellError: output.onShellError,
      onError: output.onError,
    },
  );
  return { abort: () => stream.abort() };
}
