import { createContext, use, useMemo } from 'react';
import { useLocation } from 'react-router-dom';

export type RouteParams = Record<string, string | undefined>;

/** The matched route's parameters (`slug` in `/blog/:slug`), provided by App. */
export const RouteParamsContext = createContext<RouteParams>({});

export function useRouteParams(): RouteParams {
  return use(RouteParamsContext);
}

/**
 * The address's query, to read (`?plan=`, `?category=`). Pages change it only through links, so this is React
 * Router's useSearchParams without the setter, which would bring its navigation code into every page's scripts.
 */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}
