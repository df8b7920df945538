/**
 * Scripts and stylesheets go as the build compressed them, from a production server process: the variant the
 * browser accepts, its own length and ETag, never compressed by a request.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../../scripts/lib/server-process.ts';
import { startProductionServer } from '../../test-support/production-server.ts';

const assets = 'dist/client/assets';
let server: RunningServer;

let folder: string;
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
  server = await startProductionServer({ ENQUIRIES_FILE: path.join(folder, 'enquiries.json') });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The raw answer, not decompressed (fetch would undo the encoding). */
function get(file: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${server.url}/assets/${file}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const largest = (extension: string) => {
  const size = (file: string) => statSync(path.join(assets, file)).size;
  return readdirSync(assets)
    .filter((file) => file.endsWith(extension))
    .reduce((a, b) => (size(a) >= size(b) ? a : b));
};

describe.each(['.js', '.css'])('the largest built %s file', { timeout: 30_000 }, (extension) => {
  test('brotli or gzip, as the browser accepts, as the build wrote it: its own length, ETag and Vary; no encoding it does not accept', async () => {
    const file = largest(extension);
    const original = readFileSync(path.join(assets, file));
    const br = await get(file, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    const gzip = await get(file, { 'Accept-Encoding': 'gzip, deflate' });
    const identity = await get(file, { 'Accept-Encoding': 'identity' });
    const deflate = await get(file, { 'Accept-Encoding': 'deflate' });

    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(br.body.equals(readFileSync(path.join(assets, `${file}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(gzip.body.equals(readFileSync(path.join(assets, `${file}.gz`)))).toBe(true);
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    for (const plain of [identity, deflate]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.equals(original)).toBe(true);
    }
    for (const answer of [br, gzip, identity]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(extension === '.js' ? /javascript/ : /text\/css/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect(new Set([br, gzip, identity].map((answer) => answer.headers.etag)).size).toBe(3);
    // A cache revalidating the variant it holds.
    const again = await get(file, { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) });
    expect(again.status).toBe(304);
  });
});

// The unit suite builds the site itself when the build is stale, under the test runner's NODE_ENV=test: a build
// that took that for a development build would serve scripts and pages that call React's development JSX.
test('the build the tests made renders pages and ships no development JSX', async () => {
  const page = await fetch(`${server.url}/services`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<header');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(scripts.filter((file) => readFileSync(path.join(assets, file), 'utf8').includes('jsxDEV'))).toEqual([]);
});
