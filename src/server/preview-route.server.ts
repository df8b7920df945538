import type { RequestHandler, Response } from 'express';
import { postPath, type BlogSource } from '../lib/blog-types.ts';
import type { PreviewLinks } from './preview-links.server.ts';
import type { BlogStore } from './store.server.ts';

export interface PreviewRouteOptions {
  store: BlogStore;
  links: () => Promise<PreviewLinks>;
  /** Renders the page at `url` from `source`, for this visitor only (src/server/pages.server.ts). */
  renderPrivatePage: (res: Response, url: string, source: BlogSource) => Promise<void>;
}

/**
 * `/blog/preview/<token>`: a draft or scheduled post for whoever holds its signed link, rendered for each request
 * and never kept by the page cache, a CDN or a search engine. Once the post is public the link leads to it. A token
 * that is wrong, tampered with or expired goes on to the page handler, which answers it as any unknown post (404
 * "Blog Post Not Found"): the store's public view has no preview to show.
 * Why: docs/decisions/preview-links.md
 */
export function createPreviewRoute({ store, links, renderPrivatePage }: PreviewRouteOptions): RequestHandler {
  return async (req, res, next) => {
    res.set('X-Robots-Tag', 'noindex');
    try {
      const slug = (await links()).verify(String(req.params.token));
      if (slug === undefined) return next();
      res.set('Cache-Control', 'private, no-store');
      if (store.index.post(slug)) return res.redirect(302, postPath(slug));
      const post = store.index.unpublished(slug);
      if (!post) return next();
      await renderPrivatePage(res, req.originalUrl, { ...store.source, preview: async () => post });
    } catch (error) {
      next(error);
    }
  };
}
