import type { RequestHandler } from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import type { PageAssets } from '../app/boot-data.ts';
import type { RenderInput } from '../entry-server.tsx';
import type { Config } from './config.server.ts';
import type { BlogStore } from './store.server.ts';

export type RenderModule = typeof import('../entry-server.tsx');

interface PageHandlerOptions {
  config: Config;
  store: BlogStore;
  logger: Logger;
  loadRenderer: () => Promise<RenderModule>;
  assets: (pageModule: string) => PageAssets;
}

// A render that has not finished by then is abandoned; React then sends what it has.
const renderTimeoutMs = 10_000;

export function errorPage(status: number, title: string, siteName: string): string {
  return `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} | ${siteName}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1>${title}</h1><p>Sorry, something went wrong on our side. Please try again in a moment.</p><p><a href="/">Go to the home page</a></p><p>Status ${status}</p></body></html>`;
}

/** Server-renders every page route: status decided first, then streamed (or sent whole to crawlers). */
export function createPageHandler({ config, store, logger, loadRenderer, assets }: PageHandlerOptions): RequestHandler {
  return async (req, res, next) => {
    const input: RenderInput = { url: req.originalUrl, source: store.source, config: config.public, assets };
    const sendError = (error: unknown) => {
      logger.error({ err: error, url: req.originalUrl }, 'Page render failed');
      if (res.headersSent) return res.destroy();
      res.status(500).set('Cache-Control', 'no-store').type('html').send(errorPage(500, 'Something went wrong', config.public.siteName));
    };
    try {
      const { renderPage } = await loadRenderer();
      const render = await renderPage(input, {
        waitForAll: isbot(req.get('user-agent')),
        onReady(status, pipe) {
          res.status(status).type('html').set('Cache-Control', 'no-cache');
          pipe(res);
        },
        onShellError: sendError,
        onError(error) {
          logger.error({ err: error, url: req.originalUrl }, 'Error while rendering');
        },
      });
      const timer = setTimeout(render.abort, renderTimeoutMs);
      res.on('close', () => {
        clearTimeout(timer);
        if (!res.writableFinished) render.abort();
      });
    } catch (error) {
      if (res.headersSent) return next(error);
      sendError(error);
    }
  };
}
