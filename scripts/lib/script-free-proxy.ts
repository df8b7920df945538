import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The page's scripts: executable `<script>` elements (its JSON blocks stay, they run nothing) and modulepreloads. */
const executableScript = /<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g;
const modulePreload = /<link rel="modulepreload"[^>]*\/?>/g;

/** A page's HTML without its scripts: what the server's HTML alone costs. */
export function withoutScripts(html: string): string {
  return html.replace(executableScript, '').replace(modulePreload, '');
}

/**
 * A proxy in front of `origin` that serves every page without its scripts (`withoutScripts`) and everything else
 * as it is: the page's "twin", the same HTML and stylesheet with nothing for the browser to run.
 */
export async function startScriptFreeProxy(origin: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, host: new URL(origin).host, 'accept-encoding': 'identity' };
    const upstream = http.request(`${origin}${request.url ?? '/'}`, { method: request.method, headers }, (answer) => {
      const isHtml = (answer.headers['content-type'] ?? '').includes('text/html');
      if (!isHtml) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.from(withoutScripts(Buffer.concat(chunks).toString('utf8')));
        const { 'content-length': _length, etag: _etag, ...rest } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': String(body.length) });
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
