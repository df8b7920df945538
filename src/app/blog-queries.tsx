import {
  hashKey,
  hydrate,
  QueryClientContext,
  QueryClientProvider,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import { use, type ComponentType } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { missingPostSlug } from '../lib/blog-types.ts';
import { pageBootData } from './boot-data.ts';
import { matchAppRoute } from './routes.tsx';

let browserClient: QueryClient | undefined;

/** The browser's one query cache, filled from the first page's boot data, so that page's first render fetches nothing. */
function browserQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = createQueryClient();
    hydrate(browserClient, asThisPost(pageBootData().data.state));
  }
  return browserClient;
}

/**
 * The server renders every missing post's page once, as `missingPostSlug`'s, and answers a preview link that shows
 * nothing with it too: the answer it sends (that post is missing) is this address's, so the page's first render here
 * shows the same screen without asking again.
 */
function asThisPost(state: DehydratedState): DehydratedState {
  const { slug, token } = matchAppRoute(window.location.pathname).params;
  const thisPostKey =
    slug !== undefined ? ['blog', 'post', slug] : token !== undefined ? ['blog', 'preview', token] : [];
  if (!thisPostKey.length || slug === missingPostSlug) return state;
  const queries = state.queries.map((query) => {
    const [scope, kind, key] = query.queryKey;
    if (scope !== 'blog' || kind !== 'post' || key !== missingPostSlug) return query;
    return { ...query, queryKey: thisPostKey, queryHash: hashKey(thisPostKey) };
  });
  return { ...state, queries };
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
