import type { Request, RequestHandler, Response } from 'express';
import { isbot } from 'isbot';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { PageAssets } from '../browser/boot-data.ts';
import type { LoadedPage, RenderInput, RenderOutput } from '../entry-server.tsx';
import type { BlogSource } from '../lib/blog-types.ts';
import type { EnquiryFormState } from '../browser/lib/enquiry-types.ts';
import type { IslandStates } from '../browser/islands/registry.ts';
import type { NewsletterFormState } from '../lib/newsletter.ts';
import type { Config } from './config.server.ts';
import type { PublicConfig } from '../browser/lib/public-config.ts';
import { cachedPage, isCachedPage, PageCache, type RenderedPage } from './page-cache.server.ts';
import { isSecretAddress, withoutSecret } from './secret-addresses.server.ts';
import { speculationRulesHeader } from './speculation-rules.server.ts';
import type { BlogStore } from './store.server.ts';

export type RenderModule = typeof import('../entry-server.tsx');

export interface PageHandlerOptions {
  config: Config;
  store: BlogStore;
  logger: Logger;
  loadRenderer: () => Promise<RenderModule>;
  assets: () => PageAssets;
  /** The server state of each island that has one (the consult form's token), issued for each render. */
  islandState?: () => Promise<Partial<IslandStates>>;
}

// Cached pages carry a form token that the server accepts for 3 days: a cached render is replaced after 12 hours,
// so that even a copy a CDN then serves stale for a day carries a token that is still valid
// (docs/decisions/enquiry-form-token.md).
const pageCacheMaxAgeMs = 12 * 60 * 60 * 1000;

// A render that has not finished by then is abandoned; React then sends what it has.
const renderTimeoutMs = 10_000;

// Browsers revalidate every time (a 304 with the ETag is cheap); a CDN may serve a page for five minutes and
// a stale one while it refetches. A content change shows within that window.
const pageCacheControl = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400';
const notFoundCacheControl = 'public, max-age=0, s-maxage=60';

/**
 * What the page at `url` is rendered with. An address that names a preview link works as a password, whatever it
 * answers (the preview, or the 404 for a link written another way than issued): Google's tag, which reports the
 * address of every page it runs on, stays off there.
 */
function publicConfigAt(config: Config, url: string): PublicConfig {
  return config.public.gaMeasurementId && isSecretAddress(url)
    ? { ...config.public, gaMeasurementId: undefined }
    : config.public;
}

/** Renders one page into memory: the complete document, as crawlers get it. */
async function renderToBuffer(
  renderer: RenderModule,
  page: LoadedPage,
  input: RenderInput,
  onError: RenderOutput['onError'],
) {
  return new Promise<RenderedPage>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 200;
    let timer: NodeJS.Timeout | undefined;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        callback();
      },
    });
    sink.on('finish', () => {
      clearTimeout(timer);
      resolve({ status, html: Buffer.concat(chunks) });
    });
    renderer
      .renderPage(page, input, {
        waitForAll: true,
        onReady(readyStatus, pipe) {
          status = readyStatus;
          pipe(sink);
        },
        onShellError: reject,
        onError,
      })
      .then((render) => {
        timer = setTimeout(render.abort, renderTimeoutMs);
      }, reject);
  });
}

/** What a page streamed to a visitor was, as sent: complete when React sent no fallback to be replaced by script. */
interface StreamedPage extends RenderedPage {
  complete: boolean;
}

/**
 * Streams one page to the visitor as React writes it (the status decided before, as `renderPage` does) and keeps a
 * copy of every byte sent, for the cache. The copy is the document crawlers get only when everything was ready
 * before the first byte left: a boundary still loading then would have gone out as its fallback.
 */
function streamAndKeep(
  res: Response,
  renderer: RenderModule,
  page: LoadedPage,
  input: RenderInput,
  onError: RenderOutput['onError'],
): Promise<StreamedPage> {
  return new Promise<StreamedPage>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 200;
    let allReady = false;
    let complete = false;
    let finished = false;
    let timer: NodeJS.Timeout | undefined;
    // The whole page is held for the cache anyway, so the copy never waits for the visitor's connection; a visitor
    // who leaves does not stop the render that the next requests wait for.
    const copy = Object.assign(
      new Writable({
        write(chunk: Buffer | string, _encoding, callback) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          chunks.push(buffer);
          if (!res.destroyed) res.write(buffer);
          callback();
        },
        final(callback) {
          if (!res.destroyed) res.end();
          callback();
        },
      }),
      // React calls it after each batch it writes: compression then sends what it holds instead of waiting for more.
      { flush: () => res.flush() },
    );
    copy.on('finish', () => {
      finished = true;
      clearTimeout(timer);
      resolve({ status, html: Buffer.concat(chunks), complete });
    });
    renderer
      .renderPage(page, input, {
        waitForAll: false,
        onReady(readyStatus, pipe) {
          status = readyStatus;
          res.status(status).type('html');
          res.set('Cache-Control', status === 200 ? pageCacheControl : notFoundCacheControl);
          // When the shell and the rest are ready at once (every page here: its data is loaded before the render),
          // React says so right after this; piping a moment later sends the complete document in one flush.
          queueMicrotask(() => {
            complete = allReady;
            // As in the uncached stream below: React's 4 kB pieces leave in one system call.
            res.cork();
            pipe(copy);
            process.nextTick(() => res.uncork());
          });
        },
        onAllReady() {
          allReady = true;
        },
        onShellError: reject,
        onError,
      })
      .then((render) => {
        if (!finished) timer = setTimeout(render.abort, renderTimeoutMs);
      }, reject);
  });
}

function sendRendered(req: Request, res: Response, page: RenderedPage): void {
  res.status(page.status).type('html');
  res.set('Cache-Control', page.status === 200 ? pageCacheControl : notFoundCacheControl);
  if (!isCachedPage(page)) {
    // Served once: compressed by the response, in the one encoding it is sent in.
    res.send(page.html);
    return;
  }
  res.set({ ETag: page.etag, Vary: 'Accept-Encoding' });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  // Brotli whenever it is accepted at all: browsers list gzip first but compress nothing better.
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html;
  if (encoding === 'br' || encoding === 'gzip') res.set('Content-Encoding', encoding);
  res.set('Content-Length', String(body.length)).end(body);
}

/**
 * Server-renders every page route, the status decided before anything is sent. With the render cache on
 * (the default) each URL is rendered once per store version, streamed to the browser that asked first, and then
 * served precompressed with a strong ETag; with it off, browsers get the shell streamed as soon as it is ready.
 * Crawlers always get the whole document.
 */
export function createPageHandler({
  config,
  store,
  logger,
  loadRenderer,
  assets,
  islandState,
}: PageHandlerOptions): RequestHandler {
  const cache = config.renderCache ? new PageCache() : undefined;
  if (cache) {
    store.onChange(() => cache.clear());
    setInterval(() => cache.clear(), pageCacheMaxAgeMs).unref();
  }

  return async (req, res, next) => {
    const publicConfig = publicConfigAt(config, req.originalUrl);
    // A preview's address is its password: nothing is fetched ahead from it, nor told where it came from.
    if (!isSecretAddress(req.originalUrl)) res.set('Speculation-Rules', speculationRulesHeader(req.path));
    const input: RenderInput = { config: publicConfig, assets };
    // Only pages showing an island put its state in their HTML (src/entry-server.tsx), so others stay byte-identical.
    const withToken = async (render: RenderInput) =>
      islandState ? { ...render, islandState: await islandState() } : render;
    const onError = (error: unknown) =>
      logger.error({ err: error, url: withoutSecret(req.originalUrl) }, 'Error while rendering');
    try {
      const renderer = await loadRenderer();
      if (renderer.isPrivatePage(req.originalUrl)) {
        // An email's link: each address is its holder's alone, so no cache keeps it and Google's tag never sees it.
        const data = await renderer.loadPage(req.originalUrl, store.source);
        const render = await withToken({ ...input, config: { ...publicConfig, gaMeasurementId: undefined } });
        const { status, html } = await renderToBuffer(renderer, data, render, onError);
        res.status(status).type('html').set('Cache-Control', 'private, no-store').send(html);
        return;
      }
      if (cache) {
        // Rendered from the page's own URL, so that what is cached is the same for every URL sharing the key. A
        // route's 404 that looks the same whatever was asked for (a missing post) is rendered and kept once.
        const key = renderer.pageUrl(req.originalUrl);
        const version = store.index.version;
        const loaded = cache.has(key) ? undefined : await renderer.loadPage(key, store.source);
        const shared = loaded?.sharedNotFoundUrl;
        const url = shared ?? key;
        // The same page without Google's tag is an entry of its own.
        const entry = publicConfig === config.public ? url : `${url} (no analytics)`;
        // A browser's first request for a page gets it streamed while the same render fills the cache. Crawlers,
        // HEAD requests, revalidations (which a 304 may answer) and pages fetched ahead of a tap (no one waits for
        // their first bytes) get the complete page as the cache keeps it, as does everyone asking while that render
        // is under way. Why: docs/decisions/streamed-first-render.md
        const streams =
          req.method === 'GET' &&
          !isbot(req.get('user-agent')) &&
          !req.get('If-None-Match') &&
          !/^prefetch\b/.test(req.get('Sec-Purpose') ?? '');
        let streamed = false;
        const page = await cache.get(entry, async (current) => {
          // The data loaded above decides this render too, unless the store changed since; a route's shared 404
          // is a page of its own, loaded for its address.
          const data =
            loaded?.url === url && store.index.version === version
              ? loaded
              : await renderer.loadPage(url, store.source);
          const render = await withToken(input);
          let rendered: RenderedPage | undefined;
          if (streams) {
            streamed = true;
            const sent = await streamAndKeep(res, renderer, data, render, onError);
            if (sent.complete) rendered = { status: sent.status, html: sent.html };
          }
          // A page streamed before it was complete is rendered again, whole, for the cache.
          rendered ??= await renderToBuffer(renderer, data, render, onError);
          // A 404 is kept only under a shared address (every unknown path, each route's kind of missing page), so
          // that endless made-up addresses never push the real pages out; nor is a page whose data changed meanwhile.
          const shareable = rendered.status !== 404 || url === renderer.notFoundPageUrl || shared !== undefined;
          return shareable && current() ? cachedPage(rendered.status, rendered.html) : rendered;
        });
        if (!streamed) sendRendered(req, res, page);
        return;
      }
      const data = await renderer.loadPage(req.originalUrl, store.source);
      const render = await renderer.renderPage(data, await withToken(input), {
        waitForAll: isbot(req.get('user-agent')),
        onReady(status, pipe) {
          res.status(status).type('html');
          res.set('Cache-Control', status === 200 ? pageCacheControl : notFoundCacheControl);
          // React writes a ready page in 4 kB pieces, all at once: corked, they leave in one system call instead
          // of one each (about a sixth of the CPU time of an uncached render of /).
          res.cork();
          pipe(res);
          process.nextTick(() => res.uncork());
        },
        // The app's error handler logs it and sends the error page (or ends a response already started).
        onShellError: next,
        onError,
      });
      const timer = setTimeout(render.abort, renderTimeoutMs);
      res.on('close', () => {
        clearTimeout(timer);
        if (!res.writableFinished) render.abort();
      });
    } catch (error) {
      // A failure after the stream began (the cache's compression) ends the response, as the error handler does.
      next(error);
    }
  };
}

/** A returned form's state: the consult form's, or the newsletter sign-up's. */
export interface ReturnedFormState {
  enquiry?: EnquiryFormState;
  newsletter?: NewsletterFormState;
}

/**
 * Renders a page with a form in a given state (a plain post that came back with problems): the complete document,
 * with the status given, never cached.
 */
export function createFormPageRenderer({ config, store, logger, loadRenderer, assets }: PageHandlerOptions) {
  return async (res: Response, url: string, form: ReturnedFormState, status: number): Promise<void> => {
    const renderer = await loadRenderer();
    // A returned form's state is its island's.
    const islandState: Partial<IslandStates> = {
      ...(form.enquiry ? { 'consult-form': form.enquiry } : {}),
      ...(form.newsletter ? { newsletter: form.newsletter } : {}),
    };
    const input: RenderInput = { config: config.public, assets, islandState };
    const onError = (error: unknown) => logger.error({ err: error, url }, 'Error while rendering');
    const { html } = await renderToBuffer(renderer, await renderer.loadPage(url, store.source), input, onError);
    res.status(status).type('html').set('Cache-Control', 'no-store').send(html);
  };
}

/**
 * Renders a page for whoever holds its link (a post's preview) from the blog data given: the complete document,
 * with the status its route decides, kept by no cache (the server's, a CDN's or the browser's).
 */
export function createPrivatePageRenderer({ config, logger, loadRenderer, assets }: PageHandlerOptions) {
  return async (res: Response, url: string, source: BlogSource): Promise<void> => {
    const renderer = await loadRenderer();
    const input: RenderInput = { config: publicConfigAt(config, url), assets };
    const onError = (error: unknown) => logger.error({ err: error, url: withoutSecret(url) }, 'Error while rendering');
    const { status, html } = await renderToBuffer(renderer, await renderer.loadPage(url, source), input, onError);
    res.status(status).type('html').set('Cache-Control', 'private, no-store').send(html);
  };
}
