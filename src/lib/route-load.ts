import type { QueryClient } from '@tanstack/react-query';
import type { BlogSource } from './blog-types.ts';

/** The matched route's parameters (`slug` in `/blog/:slug`), given to its load. */
export type RouteParams = Record<string, string | undefined>;

/** What a route's load is given: the request's query client to fill, and the address it is for. */
export interface LoadContext {
  queryClient: QueryClient;
  source: BlogSource;
  params: RouteParams;
  searchParams: URLSearchParams;
}

/**
 * What a route's load decided, once per request and before a byte is streamed: the status, the outcome the page
 * renders (it never decides a status again) and the query options it filled the request's cache through, which the
 * page reads with `useQuery`.
 */
export interface Loaded<Outcome extends string = string, Data = unknown> {
  status: number;
  outcome: Outcome;
  data: Data;
  /**
   * The address a 404 that is the same for every address of its kind (every missing post, every unknown category)
   * is rendered and cached as: each kind is one cache entry, as every unknown path is.
   */
  sharedUrl?: string;
}

/**
 * How the page's frame differs by route (src/components/Layout.tsx): `asksToBook` false where an enquiry has just
 * been accepted; `formIsThePage` where the mobile bar would only cover the form; `heroAsksToBook` where the first
 * screen holds its own Book Free Consult (the mobile bar starts aside).
 */
export interface LayoutFlags {
  asksToBook?: boolean;
  formIsThePage?: boolean;
  heroAsksToBook?: boolean;
}
