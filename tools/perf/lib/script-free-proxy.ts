import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, createBrotliDecompress, createGunzip, gzipSync } from 'node:zlib';

/** The page's scripts: executable `<script>` elements (its JSON blocks stay, they run nothing) and modulepreloads. */
const executableScript = /<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g;
const modulePreload = /<link rel="modulepreload"[^>]*\/?>/g;

/** A page's HTML without its scripts: what the server's HTML alone costs. */
export function withoutScripts(html: string): string {
  return html.replace(executableScript, '').replace(modulePreload, '');
}

/**
 * `body` compressed as the server compresses a page for a browser that accepts it (brotli at quality 10, else
 * gzip at level 9): Lighthouse's simulation times each download by its bytes on the wire, so a twin sent uncompressed would
 * paint later than its page, and the long tasks before its first paint would not count as blocking.
 */
export function compressedFor(acceptEncoding: string, body: Buffer): { encoding?: 'br' | 'gzip'; body: Buffer } {
  if (/\bbr\b/.test(acceptEncoding))
    return { encoding: 'br', body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }) };
  if (/\bgzip\b/.test(acceptEncoding)) return { encoding: 'gzip', body: gzipSync(body, { level: 9 }) };
  return { body };
}

/**
 * A proxy in front of `origin` that serves every page without its scripts (`withoutScripts`), compressed as the
 * server would, and everything else as it is: the page's "twin", the same HTML and stylesheet with nothing for the
 * browser to run.
 */
export async function startScriptFreeProxy(origin: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
    // A page is fetched uncompressed to be rewritten; anything else is passed on as the server sends it.
    const isPage = (request.headers.accept ?? '').includes('text/html');
    const headers = {
      ...request.headers,
      host: new URL(origin).host,
      'accept-encoding': isPage ? 'identity' : acceptEncoding,
    };
    // A connection of its own for each request: a kept-alive one can be closed by the server just as it is reused,
    // and the browser would get a 502 for a page that is fine.
    const options = { method: request.method, headers, agent: false };
    const upstream = http.request(`${origin}${request.url ?? '/'}`, options, (answer) => {
      const isHtml = (answer.headers['content-type'] ?? '').includes('text/html');
      if (!isHtml) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      // A page asked for without `Accept: text/html` may still come compressed: it is read as sent.
      const encoding = answer.headers['content-encoding'];
      const decoded =
        encoding === 'br'
          ? answer.pipe(createBrotliDecompress())
          : encoding === 'gzip'
            ? answer.pipe(createGunzip())
            : answer;
      decoded.on('data', (chunk: Buffer) => chunks.push(chunk));
      decoded.on('end', () => {
        const html = Buffer.from(withoutScripts(Buffer.concat(chunks).toString('utf8')));
        const { encoding, body } = compressedFor(acceptEncoding, html);
        const {
          'content-length': _length,
          'content-encoding': _encoding,
          'transfer-encoding': _chunked,
          etag: _etag,
          ...rest
        } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, {
          ...rest,
          ...(encoding && { 'content-encoding': encoding }),
          'content-length': String(body.length),
        });
        response.end(body);
      });
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
