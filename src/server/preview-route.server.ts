import type { RequestHandler, Response } from 'express';
import { postPath, previewPath, type BlogSource } from '../lib/blog-types.ts';
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
 * and never kept by the page cache, a CDN or a search engine. Once the post is public the link leads to it, expired
 * or not (it shows nothing that is not public). A token that is wrong, tampered with, expired, made for a post that
 * is gone or revoked, or written any other way than the link was issued (percent-encoded, in capitals, with a
 * trailing slash) goes on to the page handler, which answers it with the one cached 404 "Blog Post Not Found": the
 * store's public view has no preview. Every answer here is sent with `Referrer-Policy: no-referrer`
 * (src/server/security.server.ts). Why: docs/decisions/preview-links.md
 */
export function createPreviewRoute({ store, links, renderPrivatePage }: PreviewRouteOptions): RequestHandler {
  return async (req, res, next) => {
    res.set('X-Robots-Tag', 'noindex');
    try {
      const token = String(req.params.token);
      if (req.path !== previewPath(token)) return next();
      const link = (await links()).verify(token, (slug) => store.index.previewKey(slug));
      if (!link) return next();
      res.set('Cache-Control', 'private, no-store');
      if (store.index.isPublic(link.slug)) return res.redirect(302, postPath(link.slug));
      if (link.expired) return next();
      const post = store.index.unpublished(link.slug);
      if (!post) return next();
      await renderPrivatePage(res, req.originalUrl, { ...store.source, preview: async () => post });
    } catch (error) {
      next(error);
    }
  };
}
