import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { startScriptFreeProxy, withoutScripts } from './script-free-proxy.ts';

test('the twin keeps the page and its JSON blocks, and drops every script that would run and every modulepreload', () => {
  const html =
    '<head><link rel="modulepreload" fetchPriority="low" href="/assets/boot-loader.js"/><link rel="stylesheet" href="/assets/index.css"/>' +
    '<script type="application/ld+json">{"@type":"ProfessionalService"}</script></head><body><p>Hello</p>' +
    '<script type="application/json" id="boot-data">{"a":1}</script>' +
    '<script type="module" src="/assets/boot-loader.js" async=""></script><script>alert(1)</script></body>';
  expect(withoutScripts(html)).toBe(
    '<head><link rel="stylesheet" href="/assets/index.css"/><script type="application/ld+json">{"@type":"ProfessionalService"}</script>' +
      '</head><body><p>Hello</p><script type="application/json" id="boot-data">{"a":1}</script></body>',
  );
});

test('the twin reaches the browser compressed as its page would be, and other files pass as the server sends them', async () => {
  const page = `<html><body><p>${'Hello '.repeat(500)}</p><script type="module" src="/a.js"></script></body></html>`;
  const origin = http.createServer((request, response) => {
    if (request.url === '/a.js') {
      const gzipped = request.headers['accept-encoding']?.includes('gzip');
      response.writeHead(200, { 'content-type': 'text/javascript', ...(gzipped && { 'content-encoding': 'gzip' }) });
      response.end(gzipped ? gzipSync('run()') : 'run()');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const proxy = await startScriptFreeProxy(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`);
  try {
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) =>
        http
          .get(`${proxy.url}${path}`, { headers }, (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () =>
              resolve({ encoding: answer.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject),
      );
    const html = { accept: 'text/html' };
    const brotli = await get('/', { ...html, 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(withoutScripts(page));
    const gzip = await get('/', { ...html, 'accept-encoding': 'gzip' });
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(withoutScripts(page));
    expect((await get('/', html)).body.toString()).toBe(withoutScripts(page));
    const script = await get('/a.js', { 'accept-encoding': 'gzip' });
    expect(script.encoding).toBe('gzip');
    expect(gunzipSync(script.body).toString()).toBe('run()');
  } finally {
    await proxy.stop();
    await new Promise((resolve) => origin.close(resolve));
  }
});
