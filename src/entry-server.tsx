import { defaultShouldDehydrateQuery, dehydrate, QueryClientProvider, type Query } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { Writable } from 'node:stream';
import { App } from './app/App.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { BlogSourceContext } from './app/blog-source.tsx';
import { serializeBootData, type BootData, type PageAssets } from './app/boot-data.ts';
import { Document } from './app/Document.tsx';
import { matchAppRoute, notFoundRoute } from './app/routes.tsx';
import { planIds } from './content/plan-titles.ts';
import type { BlogSource } from './lib/blog-types.ts';
import type { EnquiryFormState } from './lib/enquiry-types.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { PublicConfig } from './server/config.server.ts';

export interface RenderInput {
  /** Path and query of the request, e.g. `/blog?page=2`. */
  url: string;
  source: BlogSource;
  config: PublicConfig;
  assets: (pageModule: string) => PageAssets;
  inlineCss?: string;
  /** The consult form's state, used by pages that show the form. */
  enquiry?: EnquiryFormState;
}

export interface RenderOutput {
  /** Crawlers get the complete document in one piece; browsers get the shell as soon as it is ready. */
  waitForAll: boolean;
  onReady(status: number, pipe: <T extends Writable>(destination: T) => T): void;
  onShellError(error: unknown): void;
  onError(error: unknown): void;
}

// Errors are dehydrated too (a missing post), so the browser shows the same screen without asking again.
const shouldDehydrateQuery = (query: Query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error';

// The page renders a post from its HTML; its markdown need not travel twice.
function withoutMarkdown(data: unknown): unknown {
  if (data && typeof data === 'object' && 'html' in data && 'content' in data) {
    const { content: _content, ...rest } = data;
    return rest;
  }
  return data;
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

/** Query values that change a page; any other value renders the page as without it. */
const searchValues: Record<string, (value: string) => boolean> = {
  plan: (value) => (planIds as readonly string[]).includes(value),
  page: (value) => /^[1-9]\d{0,5}$/.test(value),
  category: (value) => /^[a-z0-9-]{1,100}$/.test(value),
};

/**
 * The part of a URL that its page depends on: the path and the query values its route reads, so that
 * `/?utm_source=newsletter` is the same page (and the same cache entry) as `/`, `/start-project?plan=<unknown>` the
 * same as `/start-project`, and every unknown path one entry.
 */
export function pageUrl(input: string): string {
  const url = siteUrl(input);
  const { route } = matchAppRoute(url.pathname);
  if (route === notFoundRoute) return notFoundPageUrl;
  // Most requests carry no query.
  if (!url.search) return url.pathname;
  const search = new URLSearchParams();
  for (const key of route.searchKeys ?? []) {
    const value = url.searchParams.get(key);
    if (value !== null && searchValues[key]?.(value) !== false) search.set(key, value);
  }
  const query = search.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** Decides the status (matching the route and loading its data) before a byte is streamed, then renders. */
export async function renderPage(input: RenderInput, output: RenderOutput): Promise<{ abort(): void }> {
  const url = siteUrl(input.url);
  const { route, params } = matchAppRoute(url.pathname);
  const queryClient = createQueryClient();
  const [status] = await Promise.all([
    route.prefetch?.({ queryClient, source: input.source, params, searchParams: url.searchParams }) ??
      route.status ??
      200,
    route.page.preload(),
  ]);
  const boot: BootData = {
    config: input.config,
    assets: input.assets(route.page.module),
    state: dehydrate(queryClient, { shouldDehydrateQuery, serializeData: withoutMarkdown }),
    ...(route.form && input.enquiry ? { enquiry: input.enquiry } : {}),
  };
  const stream = renderToPipeableStream(
    <Document boot={boot} bootJson={serializeBootData(boot)} inlineCss={input.inlineCss}>
      <AppProviders config={input.config} enquiry={boot.enquiry}>
        {/* The blog's pages read this request's cache and the store (src/app/blog-queries.tsx); in the browser they
            read the JSON API, the source's default. */}
        <BlogSourceContext value={input.source}>
          <QueryClientProvider client={queryClient}>
            <StaticRouter location={input.url}>
              <App />
            </StaticRouter>
          </QueryClientProvider>
        </BlogSourceContext>
      </AppProviders>
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
        if (output.waitForAll) output.onReady(status, stream.pipe);
      },
      onShellError: output.onShellError,
      onError: output.onError,
    },
  );
  return { abort: () => stream.abort() };
}
