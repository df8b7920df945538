import { Router } from 'express';
import { create } from 'xmlbuilder2';
import { appRoutes } from '../app/routes.ts';
import { postModifiedAt, postPath, type PostSummary } from '../lib/blog-types.ts';
import { absoluteImageUrl } from '../lib/post-image.ts';
import type { BlogIndex } from './blog-index.server.ts';
import type { PublicConfig } from '../browser/lib/public-config.ts';
import type { BlogStore } from './store.server.ts';

/** Every page without parameters: the marketing pages and the blog's first page. */
export const staticPagePaths = appRoutes
  .filter((route) => route.sitemap !== false)
  .map((route) => route.path)
  .filter((path) => !/[:*]/.test(path));

// Characters XML 1.0 forbids are dropped rather than making the whole file unreadable.
const xmlOptions = { version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' } as const;

const newest = (posts: readonly PostSummary[]) => posts[0]?.publishedAt;

/** Feed readers want what is new: the newest posts, as most blogs' feeds do (the sitemap lists them all). */
export const feedLength = 50;

export function buildSitemap(index: BlogIndex, config: PublicConfig): string {
  const urlset = create(xmlOptions).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  });
  const posts = index.publicPosts;
  const add = (path: string, lastmod?: string) => {
    const url = urlset.ele('url');
    url.ele('loc').txt(`${config.siteUrl}${path}`);
    if (lastmod) url.ele('lastmod').txt(lastmod);
  };
  for (const path of staticPagePaths) add(path, path === '/blog' ? newest(posts) : undefined);
  for (const category of index.categories) {
    if (category.postCount > 0) add(`/blog?category=${encodeURIComponent(category.slug)}`);
  }
  for (const post of posts) add(postPath(post.slug), postModifiedAt(post));
  return urlset.end({ prettyPrint: false });
}

export function buildRss(index: BlogIndex, config: PublicConfig): string {
  const rss = create(xmlOptions).ele('rss', {
    version: '2.0',
    'xmlns:atom': 'http://www.w3.org/2005/Atom',
    'xmlns:media': 'http://search.yahoo.com/mrss/',
  });
  const channel = rss.ele('channel');
  const posts = index.publicPosts;
  channel.ele('title').txt(`${config.siteName} blog`);
  channel.ele('link').txt(`${config.siteUrl}/blog`);
  channel.ele('description').txt('Practical local marketing ideas for Newcastle small businesses.');
  channel.ele('language').txt('en-AU');
  channel.ele('atom:link', { href: `${config.siteUrl}/rss.xml`, rel: 'self', type: 'application/rss+xml' });
  const latest = newest(posts);
  if (latest) channel.ele('lastBuildDate').txt(new Date(latest).toUTCString());
  for (const post of posts.slice(0, feedLength)) {
    const link = `${config.siteUrl}${postPath(post.slug)}`;
    const item = channel.ele('item');
    item.ele('title').txt(post.title);
    item.ele('link').txt(link);
    item.ele('guid', { isPermaLink: 'true' }).txt(link);
    item.ele('pubDate').txt(new Date(post.publishedAt).toUTCString());
    item.ele('description').txt(post.summary);
    item.ele('category').txt(post.category.name);
    // Media RSS rather than <enclosure>, which needs the file's length in bytes (unknown for an image elsewhere).
    item.ele('media:content', { url: absoluteImageUrl(post.featuredImage, config.siteUrl), medium: 'image' });
  }
  return rss.end({ prettyPrint: false });
}

/** With `noindex` (production without SITE_URL) crawlers are asked to stay away altogether. */
export function buildRobots(config: PublicConfig, { noindex = false } = {}): string {
  if (noindex) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${config.siteUrl}/sitemap.xml\n`;
}

/** /sitemap.xml, /rss.xml and /robots.txt, each built once per store version. */
export function createSeoRouter(store: BlogStore, config: PublicConfig, { noindex = false } = {}): Router {
  const router = Router();
  const memo = <T>(build: (index: BlogIndex) => T) => {
    let cached: { version: number; value: T } | undefined;
    return () => {
      const index = store.index;
      if (cached?.version !== index.version) cached = { version: index.version, value: build(index) };
      return cached.value;
    };
  };
  const sitemap = memo((index) => buildSitemap(index, config));
  const rss = memo((index) => buildRss(index, config));
  const robots = buildRobots(config, { noindex });
  const cacheControl = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', cacheControl).send(sitemap());
  });
  router.get('/rss.xml', (_req, res) => {
    res.type('application/rss+xml').set('Cache-Control', cacheControl).send(rss());
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', cacheControl).send(robots);
  });
  return router;
}
