import { matchPath } from 'react-router-dom';
import { loadBlogList, loadBlogPost, loadBlogPreview, loadNewsletter } from '../lib/blog-loads.ts';
import { previewPath } from '../lib/blog-types.ts';
import { newsletterPaths } from '../lib/newsletter.ts';
import { withoutTrailingSlashes } from '../lib/path.ts';
import type { LayoutFlags, LoadContext, Loaded, RouteParams } from '../lib/route-load.ts';

/**
 * The one route table, plain data: the SEO files, attribution, the enquiry route and the tests read it without
 * loading a page. Each route's page is in ./pages.ts, which only the renderer imports.
 */
export interface AppRoute {
  /** The route's page in ./pages.ts. */
  id: string;
  path: string;
  /** Decides the status and the page's outcome once per request, filling the request's query cache. */
  load?: (context: LoadContext) => Promise<Loaded>;
  /** The status of a route without a load. */
  status?: number;
  /** The query parameters the page reads. Others (utm_source, fbclid…) leave it as it is. */
  searchKeys?: readonly string[];
  /** The page shows the consult form: a post with problems comes back to it. */
  form?: true;
  /** Listed in the sitemap unless false. */
  sitemap?: false;
  /**
   * Its address carries a secret (an email's link): rendered for each request and kept by no cache, nor told to
   * Google's tag. Why: docs/decisions/newsletter-links.md
   */
  private?: true;
  layout?: LayoutFlags;
}

const notFound = { id: 'not-found', path: '*', status: 404 } as const satisfies AppRoute;

/** An email link's page: the token its address carries, which its button posts. */
async function loadLinkToken({ params }: LoadContext) {
  return { status: 200, outcome: 'page', data: { token: params.token ?? '' } } as const;
}

const routeTable = [
  { id: 'home', path: '/', form: true },
  { id: 'services', path: '/services', form: true },
  { id: 'how-it-works', path: '/how-it-works', form: true },
  { id: 'about', path: '/about', form: true },
  { id: 'faq', path: '/faq', form: true },
  { id: 'start-project', path: '/start-project', searchKeys: ['plan'], form: true, layout: { formIsThePage: true } },
  { id: 'thank-you', path: '/thank-you', sitemap: false, layout: { asksToBook: false } },
  { id: 'privacy', path: '/privacy' },
  { id: 'newsletter', path: newsletterPaths.page, load: loadNewsletter },
  { id: 'newsletter-check-your-inbox', path: newsletterPaths.checkYourInbox, sitemap: false },
  { id: 'newsletter-confirmed', path: newsletterPaths.confirmed, sitemap: false },
  {
    id: 'newsletter-confirm',
    path: `${newsletterPaths.confirmPage}/:token`,
    load: loadLinkToken,
    sitemap: false,
    private: true,
  },
  {
    id: 'newsletter-unsubscribe',
    path: `${newsletterPaths.unsubscribe}/:token`,
    load: loadLinkToken,
    sitemap: false,
    private: true,
  },
  { id: 'newsletter-unsubscribed', path: newsletterPaths.unsubscribed, sitemap: false },
  { id: 'blog', path: '/blog', load: loadBlogList, searchKeys: ['category', 'page'] },
  { id: 'blog-post', path: '/blog/:slug', load: loadBlogPost },
  // A draft or scheduled post for whoever holds its signed link (src/server/preview-route.server.ts). A link that
  // shows nothing is a missing post, made up or not.
  { id: 'blog-preview', path: previewPath(':token'), load: loadBlogPreview, sitemap: false },
  notFound,
] as const satisfies readonly AppRoute[];

export const appRoutes: readonly AppRoute[] = routeTable;
export type RouteId = (typeof routeTable)[number]['id'];

/** What a route's page is rendered with: its load's answer, or a static page's. */
export type LoadedRoute<Id extends RouteId> =
  Extract<(typeof routeTable)[number], { id: Id }> extends { load: (context: LoadContext) => Promise<infer L> }
    ? L
    : Loaded<'page', undefined>;

export const notFoundRoute: AppRoute = notFound;

const isPattern = (route: AppRoute) => /[:*]/.test(route.path);

/** The pages that show the consult form: a post with problems comes back to one of them. */
export const formPagePaths: readonly string[] = appRoutes.filter((route) => route.form).map((route) => route.path);
const exactRoutes = new Map(appRoutes.filter((route) => !isPattern(route)).map((route) => [route.path, route]));
const patternRoutes = appRoutes.filter(isPattern);

/**
 * The route whose path matches, as React Router's matchPath would pick it from the table (which lists exact
 * paths before patterns, and `*` last): case-insensitive, trailing slashes allowed. Exact paths are one lookup;
 * matchPath compiles a route's pattern on every call.
 */
export function matchAppRoute(pathname: string): { route: AppRoute; params: RouteParams } {
  // A browser reads `//host/path` as another site's address: never one of these pages, `//` not the home page.
  if (pathname.startsWith('//')) return { route: notFoundRoute, params: {} };
  const exact = exactRoutes.get(withoutTrailingSlashes(pathname).toLowerCase() || '/');
  if (exact) return { route: exact, params: {} };
  for (const route of patternRoutes) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return { route: notFoundRoute, params: {} };
}

/** Loads what the route's page shows and decides its status, once per request. */
export async function loadRoute(route: AppRoute, context: LoadContext): Promise<Loaded> {
  return (await route.load?.(context)) ?? { status: route.status ?? 200, outcome: 'page', data: undefined };
}
