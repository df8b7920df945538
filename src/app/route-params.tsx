import { createContext, use } from 'react';

export type RouteParams = Record<string, string | undefined>;

/** The matched route's parameters (`slug` in `/blog/:slug`), provided by App. */
export const RouteParamsContext = createContext<RouteParams>({});

export function useRouteParams(): RouteParams {
  return use(RouteParamsContext);
}
