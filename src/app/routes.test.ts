import { matchPath } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { appRoutes, matchAppRoute, notFoundRoute } from './routes.ts';

describe('matchAppRoute', () => {
  test('finds each page of the table', () => {
    for (const path of ['/', '/services', '/how-it-works', '/about', '/faq', '/start-project', '/blog'])
      expect(matchAppRoute(path)).toEqual({ route: appRoutes.find((route) => route.path === path), params: {} });
    expect(matchAppRoute('/blog/a-post')).toEqual({
      route: appRoutes.find((route) => route.path === '/blog/:slug'),
      params: { slug: 'a-post' },
    });
  });

  test('a preview link is a route of its own, its token kept as written (it is case-sensitive)', () => {
    expect(matchAppRoute('/blog/preview/a-post.mx1k2.AbC_-x')).toEqual({
      route: appRoutes.find((route) => route.path === '/blog/preview/:token'),
      params: { token: 'a-post.mx1k2.AbC_-x' },
    });
  });

  test('answers every address as React Router’s matchPath, in table order, would', () => {
    const addresses = [
      '/',
      '/SERVICES',
      '/services/',
      '/services//',
      '/blog/',
      '/Blog/Some-Post',
      '/blog/a%20b',
      '/blog/a/b',
      '/services/extra',
      '/nope',
      '/faq.html',
      '/start-project/',
    ];
    for (const pathname of addresses) {
      const expected = appRoutes
        .map((route) => ({ route, match: matchPath({ path: route.path, end: true }, pathname) }))
        .find(({ match }) => match);
      const { route, params } = matchAppRoute(pathname);
      expect(route.path, pathname).toBe(expected?.route.path ?? notFoundRoute.path);
      if (expected?.route.path !== '*') expect(params, pathname).toEqual(expected?.match?.params ?? {});
    }
  });

  test('a path starting with two slashes is no page of the site, where React Router would find one', () => {
    for (const pathname of ['//', '///', '//services', '//evil.example/blog', '//blog/a-post']) {
      expect(matchAppRoute(pathname), pathname).toEqual({ route: notFoundRoute, params: {} });
    }
  });
});
