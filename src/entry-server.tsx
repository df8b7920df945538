import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import type { Writable } from 'node:stream';
import { App } from './app/App.tsx';
import { Providers } from './browser/islands/providers.tsx';
import { BlogSourceContext } from './app/blog-source.tsx';
import { serializeBootData, type BootData, type PageAssets } from './browser/boot-data.ts';
import { Document } from './app/Document.tsx';
import type { RouteParams } from './app/route-params.ts';
import { matchAppRoute, notFoundRoute, type AppRoute } from './app/routes.tsx';
import { planIds } from './content/plan-titles.ts';
import { blogListHref, parseBlogSearch } from './lib/blog-search.ts';
import type { BlogSource } from './lib/blog-types.ts';
import type { EnquiryFormState } from './browser/lib/enquiry-types.ts';
import { NewsletterFormStateContext } from './lib/newsletter-form-state.ts';
import type { NewsletterFormState } from './lib/newsletter.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { PublicConfig } from './browser/lib/public-config.ts';

export interface RenderInput {
  config: PublicConfig;
  assets: () => PageAssets;
  /** The consult form's state, used by pages that show the form. */
  enquiry?: EnquiryFormState;
  /** The newsletter sign-up's state: a returned plain post's; otherwise the consult form's token serves it. */
  newsletter?: NewsletterFormState;
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

/** Whether the page at `input` (a path and query) has a secret in its address: never cached, nor told to analytics. */
export function isPrivatePage(input: string): boolean {
  return matchAppRoute(siteUrl(input).pathname).route.private === true;
}

/**
 * A page's route matched and the data it shows loaded from the store, once per request: its status is decided from
 * it before a byte is streamed, and the page renders from that same query cache.
 */
export interface LoadedPage {
  /** The path and query the page is rendered for, e.g. `/blog?page=2`. */
  url: string;
  route: AppRoute;
  params: RouteParams;
  source: BlogSource;
  queryClient: QueryClient;
  status: number;
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
  const context = { queryClient, source, params, searchParams };
  const status = (await route.prefetch?.(context)) ?? route.status ?? 200;
  const sharedNotFoundUrl = status === 404 && route.prefetch ? route.notFoundUrl?.(context) : undefined;
  return { url, route, params, source, queryClient, status, sharedNotFoundUrl };
}

/** Renders a loaded page with the status its data decided. */
export async function renderPage(
  page: LoadedPage,
  input: RenderInput,
  output: RenderOutput,
): Promise<{ abort(): void }> {
  const { route, params, status, queryClient } = page;
  const boot: BootData = {
    config: input.config,
    assets: input.assets(),
    ...(route.form && input.enquiry ? { enquiry: input.enquiry } : {}),
  };
  const stream = renderToPipeableStream(
    <Document boot={boot} bootJson={serializeBootData(boot)}>
      <Providers config={input.config} enquiry={boot.enquiry}>
        {/* The blog's pages read this request's cache, filled from the store by the route's prefetch. */}
        <BlogSourceContext value={page.source}>
          <QueryClientProvider client={queryClient}>
            <NewsletterFormStateContext value={input.newsletter ?? { token: input.enquiry?.token ?? '' }}>
              <App route={route} params={params} location={page.url} />
            </NewsletterFormStateContext>
          </QueryClientProvider>
        </BlogSourceContext>
      </Providers>
    </Document>,
    {
      bootstrapModules: [boot.assets.loader],
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
