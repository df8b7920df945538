/** The matched route's parameters (`slug` in `/blog/:slug`), given to its prefetch and to its page. */
export type RouteParams = Record<string, string | undefined>;
