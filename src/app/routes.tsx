import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { missingPostSlug, postPath, previewPath } from '../lib/blog-types.ts';
import { withoutTrailingSlashes } from '../lib/path.ts';
import AboutPage from '../pages/AboutPage.tsx';
import BlogPage from '../pages/BlogPage.tsx';
import BlogPostPage from '../pages/BlogPostPage.tsx';
import FaqPage from '../pages/FaqPage.tsx';
import HomePage from '../pages/HomePage.tsx';
import HowItWorksPage from '../pages/HowItWorksPage.tsx';
import NewsletterCheckInboxPage from '../pages/NewsletterCheckInboxPage.tsx';
import NewsletterConfirmedPage from '../pages/NewsletterConfirmedPage.tsx';
import NewsletterConfirmPage from '../pages/NewsletterConfirmPage.tsx';
import NewsletterPage from '../pages/NewsletterPage.tsx';
import NewsletterUnsubscribePage from '../pages/NewsletterUnsubscribePage.tsx';
import NotFoundPage from '../pages/NotFoundPage.tsx';
import PrivacyPage from '../pages/PrivacyPage.tsx';
import ServicesPage from '../pages/ServicesPage.tsx';
import StartProjectPage from '../pages/StartProjectPage.tsx';
import ThankYouPage from '../pages/ThankYouPage.tsx';
import { newsletterPaths } from '../lib/newsletter.ts';
import {
  blogListNotFoundUrl,
  prefetchBlogList,
  prefetchBlogPost,
  prefetchBlogPreview,
  prefetchNewsletter,
} from './blog-prefetch.ts';
import type { PrefetchContext } from './prefetch-context.ts';
import type { RouteParams } from './route-params.ts';

export interface AppRoute {
  path: string;
  /** Rendered with the parameters the route matched. */
  page: ComponentType<{ params: RouteParams }>;
  /** Loads the data the page renders and returns the HTTP status it decides. */
  prefetch?: (context: PrefetchContext) => Promise<number>;
  status?: number;
  /** The query parameters the page reads. Others (utm_source, fbclid…) leave it as it is. */
  searchKeys?: readonly string[];
  /** The page shows the consult form (its HTML then carries a form token). */
  form?: boolean;
  /** Listed in the sitemap unless false. */
  sitemap?: boolean;
  /**
   * Its address carries a secret (an email's link): rendered for each request and kept by no cache, nor told to
   * Google's tag.
   */
  private?: boolean;
  /**
   * The address this route's 404 is rendered and cached as, when that page is the same for every address of its
   * kind (every missing post, every unknown category): each kind is one cache entry, as every unknown path is.
   * Read once `prefetch` has said 404, from what it loaded.
   */
  notFoundUrl?: (context: PrefetchContext) => string;
}

// A slug no post can have: the page for a missing post names no slug (its canonical link is /blog).
const missingPostUrl = postPath(missingPostSlug);

export const notFoundRoute: AppRoute = { path: '*', page: NotFoundPage, status: 404 };

export const appRoutes: AppRoute[] = [
  { path: '/', page: HomePage, form: true },
  { path: '/services', page: ServicesPage, form: true },
  { path: '/how-it-works', page: HowItWorksPage, form: true },
  { path: '/about', page: AboutPage, form: true },
  { path: '/faq', page: FaqPage, form: true },
  { path: '/start-project', page: StartProjectPage, searchKeys: ['plan'], form: true },
  { path: '/thank-you', page: ThankYouPage, sitemap: false },
  { path: '/privacy', page: PrivacyPage },
  { path: newsletterPaths.page, page: NewsletterPage, prefetch: prefetchNewsletter },
  { path: newsletterPaths.checkYourInbox, page: NewsletterCheckInboxPage, sitemap: false },
  { path: newsletterPaths.confirmed, page: NewsletterConfirmedPage, sitemap: false },
  { path: `${newsletterPaths.confirmPage}/:token`, page: NewsletterConfirmPage, sitemap: false, private: true },
  { path: `${newsletterPaths.unsubscribe}/:token`, page: NewsletterUnsubscribePage, sitemap: false, private: true },
  {
    path: '/blog',
    page: BlogPage,
    prefetch: prefetchBlogList,
    searchKeys: ['category', 'page'],
    notFoundUrl: blogListNotFoundUrl,
  },
  {
    path: '/blog/:slug',
    page: BlogPostPage,
    prefetch: prefetchBlogPost,
    notFoundUrl: () => missingPostUrl,
  },
  {
    // A draft or scheduled post for whoever holds its signed link (src/server/preview-route.server.ts). A link that
    // shows nothing is a missing post, made up or not.
    path: previewPath(':token'),
    page: BlogPostPage,
    prefetch: prefetchBlogPreview,
    sitemap: false,
    notFoundUrl: () => missingPostUrl,
  },
  notFoundRoute,
];

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
