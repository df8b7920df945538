import type { QueryClient } from '@tanstack/react-query';
import type { BlogSource } from '../lib/blog-types.ts';
import type { RouteParams } from './route-params.ts';

/** What a route's data loading is given: the query client to fill, and the address it is for. */
export interface PrefetchContext {
  queryClient: QueryClient;
  source: BlogSource;
  params: RouteParams;
  searchParams: URLSearchParams;
}
