import { hydrate, QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { use, type ComponentType } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { pageBootData } from './boot-data.ts';

let browserClient: QueryClient | undefined;

/** The page's query cache in the browser, filled from its boot data: the page renders what the server did, fetching nothing. */
function browserQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = createQueryClient();
    hydrate(browserClient, pageBootData().data.state);
  }
  return browserClient;
}

/**
 * A page that reads the blog through queries, given the query cache. Only the blog's pages read queries, so
 * TanStack Query's code (8 kB gzip) comes with their chunks instead of with every page's first scripts. On the
 * server the request's cache is already provided (src/entry-server.tsx); in the browser it is made when a blog
 * page first renders. Both sides render the same provider here, so the trees hydrate alike.
 * Why: docs/decisions/blog-queries.md
 */
export function withBlogQueries(Page: ComponentType): ComponentType {
  return function BlogQueries() {
    const client = use(QueryClientContext) ?? browserQueryClient();
    return (
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>
    );
  };
}
