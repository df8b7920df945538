import { createElement, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGunzip } from 'node:zlib';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import type { RenderModule } from './pages.server.ts';
import { createTestApp, type TestApp } from '../../test-support/server.ts';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const opened: TestApp[] = [];
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  opened.splice(0).forEach((app) => app.close());
});

async function listen(testApp: TestApp): Promise<string> {
  const server = http.createServer(testApp.app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The app with its real renderer, each page rendered by `renderPage`, which is given that renderer. */
async function appRenderingWith(
  renderPage: (
    renderer: RenderModule,
    ...page: Parameters<RenderModule['renderPage']>
  ) => ReturnType<RenderModule['renderPage']>,
) {
  const testApp = await createTestApp({
    rendering: {
      staticFiles: [],
      loadRenderer: async (): Promise<RenderModule> => {
        const renderer = await import('../entry-server.tsx');
        return { ...renderer, renderPage: (...page) => renderPage(renderer, ...page) };
      },
    },
  });
  opened.push(testApp);
  return testApp;
}

/** The real pages, each render counted. */
async function appRenderingPages() {
  let renders = 0;
  const testApp = await appRenderingWith((renderer, ...page) => {
    renders += 1;
    return renderer.renderPage(...page);
  });
  return { ...testApp, renders: () => renders };
}

/**
 * Pages whose content waits for `release()`: React sends the head and a fallback first, then the content once
 * released, as it would for any part of a page still loading.
 */
async function appWithSlowContent() {
  let release: () => void = () => {};
  const content = new Promise<string>((resolve) => (release = () => resolve('The slow part, rendered')));
  const Slow = () => createElement('p', null, use(content));
  const testApp = await appRenderingWith(async (_renderer, _page, _input, output) => {
    const document = createElement(
      'html',
      { lang: 'en' },
      createElement('head', null, createElement('title', null, 'Slow page')),
      createElement(
        'body',
        null,
        createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Slow)),
      ),
    );
    const stream = renderToPipeableStream(document, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        if (!output.waitForAll) output.onReady(200, stream.pipe);
      },
      onAllReady() {
        output.onAllReady?.();
        if (output.waitForAll) output.onReady(200, stream.pipe);
      },
      onShellError: output.onShellError,
      onError: output.onError,
    });
    return { abort: () => stream.abort() };
  });
  return { ...testApp, release: () => release() };
}

/** A GET read from the socket, gzip-decoded, piece by piece as it arrives. */
function openPage(base: string, path: string, userAgent: string) {
  return new Promise<{ response: http.IncomingMessage; pieces: AsyncIterator<Buffer> }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'User-Agent': userAgent, 'Accept-Encoding': 'gzip' } }, (response) => {
        const body = response.headers['content-encoding'] === 'gzip' ? response.pipe(createGunzip()) : response;
        resolve({ response, pieces: body[Symbol.asyncIterator]() as AsyncIterator<Buffer> });
      })
      .on('error', reject);
  });
}

async function rest(pieces: AsyncIterator<Buffer>): Promise<string> {
  let text = '';
  for (let piece = await pieces.next(); !piece.done; piece = await pieces.next()) text += piece.value.toString();
  return text;
}

describe('a page not yet cached', () => {
  test('reaches a browser as a stream: the head arrives while the content is still rendering', async () => {
    const slow = await appWithSlowContent();
    const base = await listen(slow);
    const { response, pieces } = await openPage(base, '/services', browser);
    expect(response.statusCode).toBe(200);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400');
    // Compressed, and flushed as React writes: the head is readable before the content exists.
    expect(response.headers['content-encoding']).toBe('gzip');
    const first = (await pieces.next()).value!.toString();
    expect(first).toMatch(/^<!DOCTYPE html><html lang="en"><head>/);
    expect(first).not.toContain('The slow part, rendered');
    slow.release();
    const whole = first + (await rest(pieces));
    expect(whole).toContain('The slow part, rendered');
    expect(whole).toMatch(/<\/html>$/);
  });

  test('is kept complete for the next request; a crawler gets the complete document', async () => {
    const slow = await appWithSlowContent();
    const base = await listen(slow);
    const crawled = request(base)
      .get('/services')
      .set('User-Agent', crawler)
      .then((response) => response);
    slow.release();
    const { text, headers } = await crawled;
    // Rendering waited for everything: the content in place, no fallback and no script to swap it in.
    expect(text).toContain('<p>The slow part, rendered</p>');
    expect(text).not.toContain('Loading');
    expect(text).not.toContain('<script');
    expect(headers.etag).toMatch(/^"/);
  });

  test('a page streamed with a part still loading is kept as the complete document, not as it was sent', async () => {
    const slow = await appWithSlowContent();
    const base = await listen(slow);
    const { pieces } = await openPage(base, '/services', browser);
    await pieces.next();
    slow.release();
    await rest(pieces);
    const cached = await request(base).get('/services').set('User-Agent', browser).expect(200);
    expect(cached.headers.etag).toMatch(/^"/);
    expect(cached.text).toContain('<p>The slow part, rendered</p>');
    expect(cached.text).not.toContain('Loading');
    expect(cached.text).not.toContain('<script');
  });

  test('the real pages stream whole, and the next request gets the same bytes from the cache', async () => {
    const pages = await appRenderingPages();
    const base = await listen(pages);
    for (const path of ['/', '/blog', '/blog/post-2', '/start-project', '/no-such-page']) {
      const first = await request(base).get(path).set('User-Agent', browser);
      expect(first.headers['transfer-encoding'], path).toBe('chunked');
      expect(first.headers.etag, path).toBeUndefined();
      expect(first.text, path).toMatch(/<\/html>$/);
      const second = await request(base).get(path).set('User-Agent', browser);
      expect(second.status, path).toBe(first.status);
      expect(second.headers.etag, path).toMatch(/^"/);
      // One render, sent as it streamed and kept as it was sent: the consult form's token included.
      expect(second.text, path).toBe(first.text);
      // A revalidation is answered from the cache (a 404 is sent again whole).
      await request(base)
        .get(path)
        .set('User-Agent', browser)
        .set('If-None-Match', second.headers.etag!)
        .expect(first.status === 200 ? 304 : 404);
    }
    expect(pages.renders()).toBe(5);
  });

  test('concurrent first requests share one render and all get the same page', async () => {
    const pages = await appRenderingPages();
    const base = await listen(pages);
    const asking = [browser, browser, crawler, browser, crawler, browser].map((userAgent) =>
      request(base).get('/blog').set('User-Agent', userAgent).expect(200),
    );
    const answers = await Promise.all(asking);
    expect(pages.renders()).toBe(1);
    const bodies = new Set(answers.map((answer) => answer.text));
    expect(bodies.size).toBe(1);
    expect(answers.every((answer) => answer.text.endsWith('</html>'))).toBe(true);
  });

  test('a HEAD request is answered from the cache as before, with no body', async () => {
    const pages = await appRenderingPages();
    const base = await listen(pages);
    const head = await request(base).head('/faq').set('User-Agent', browser).expect(200);
    expect(head.headers.etag).toMatch(/^"/);
    expect(head.text ?? '').toBe('');
  });
});
