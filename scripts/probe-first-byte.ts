/**
 * npm run probe:first-byte [-- --no-build] [-- --rounds=3] [-- --before=<another build's dist/server/server.js>]
 *
 * First byte and last byte of a page not yet cached, as a browser asks for it (streamed while the cache fills) and
 * as a crawler asks (the whole document, cut and compressed before anything is sent: what every first request got
 * before pages streamed), then the same page cached. Each round starts the production build afresh and warms it
 * with one made-up address (the renderer loaded, the 404 page cached), so that every page measured is a cache miss
 * in a warm process. With `--before`, each round also measures that build, in turn with this one, so that a busy
 * machine's drift hits both alike. Figures: docs/performance.md.
 */
import { execSync } from 'node:child_process';
import http from 'node:http';
import { startServer } from './lib/server-process.ts';

const args = process.argv.slice(2);
const rounds = Number(/^--rounds=(\d+)$/.exec(args.find((arg) => arg.startsWith('--rounds=')) ?? '')?.[1] ?? 3);
const before = args.find((arg) => arg.startsWith('--before='))?.slice('--before='.length);
const builds: [string, string][] = [
  ['this build', 'dist/server/server.js'],
  ...(before ? [['before', before] as [string, string]] : []),
];
const clients = {
  browser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  crawler: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

interface Timing {
  firstByte: number;
  lastByte: number;
  etag: boolean;
}

/** Milliseconds until the first byte of the body, and until its end, as a browser asks (any encoding). */
function timed(url: string, userAgent: string, method = 'GET'): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte = 0;
    http
      .request(
        url,
        { method, headers: { 'User-Agent': userAgent, 'Accept-Encoding': 'gzip, deflate, br' } },
        (response) => {
          response.on('data', () => (firstByte ||= performance.now() - started));
          response.on('end', () =>
            resolve({ firstByte, lastByte: performance.now() - started, etag: Boolean(response.headers.etag) }),
          );
          response.resume();
        },
      )
      .on('error', reject)
      .end();
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const range = (values: number[]) =>
  `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

async function main() {
  if (!args.includes('--no-build')) execSync('npm run build', { stdio: 'ignore' });
  const port = '3320';
  const found = await startServer({ PORT: port, DATA_FILE: 'data/db.json' });
  const blog = await (await fetch(`${found.url}/blog`)).text();
  await found.stop();
  const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1] ?? '/blog';
  const paths = ['/', '/services', '/about', '/blog', post, '/start-project', '/faq'];

  const results = new Map<string, { cold: Timing[]; next: Timing[]; cached: Timing[] }>();
  for (let round = 0; round < rounds; round++)
    for (const [build, script] of builds)
      for (const [client, userAgent] of Object.entries(clients)) {
        const server = await startServer({ PORT: port, DATA_FILE: 'data/db.json' }, script);
        await timed(`${server.url}/probe-warm-up`, userAgent);
        for (const path of paths) {
          const cold = await timed(`${server.url}${path}`, userAgent);
          // Asked as soon as the first answer ended: it waits for the cache's copy (cut and compressed) if not yet kept.
          const next = await timed(`${server.url}${path}`, userAgent);
          // A HEAD is answered once the copy is kept, so the GET after it is a hit.
          await timed(`${server.url}${path}`, userAgent, 'HEAD');
          const cached = await timed(`${server.url}${path}`, userAgent);
          const entry = results.get(`${build} ${client} ${path}`) ?? { cold: [], next: [], cached: [] };
          entry.cold.push(cold);
          entry.next.push(next);
          entry.cached.push(cached);
          results.set(`${build} ${client} ${path}`, entry);
        }
        await server.stop();
      }

  console.log(`# First byte of a page not yet cached (ms, median (min–max) of ${rounds} fresh starts)\n`);
  console.log(
    '| page | build | client | cold: first byte | cold: last byte | cold answer | next request: first byte | cached: first byte |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const path of paths)
    for (const [build] of builds)
      for (const client of Object.keys(clients)) {
        const { cold, next, cached } = results.get(`${build} ${client} ${path}`)!;
        const answer = cold.some((timing) => timing.etag) ? 'whole, with ETag' : 'streamed';
        console.log(
          `| ${path === post ? 'a post' : path} | ${build} | ${client} | ${range(cold.map((t) => t.firstByte))} | ${range(cold.map((t) => t.lastByte))} | ${answer} | ${range(next.map((t) => t.firstByte))} | ${range(cached.map((t) => t.firstByte))} |`,
        );
      }
}

await main();
