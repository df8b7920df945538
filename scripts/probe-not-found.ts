/**
 * npm run probe:not-found [-- --requests 2000] [-- --no-build]
 *
 * What a made-up address costs the server: the production build answers a run of addresses of one kind (each one
 * different, as a scanner sends them, four at a time, asking for brotli or gzip as browsers do), and the server
 * process's CPU time (all its threads, compression included) is divided by the number of requests. A missing post
 * is the yardstick: it is answered from the one cached "Blog Post Not Found" page. Goal: a made-up preview link or
 * blog-list address costs at most 3 times a missing post's CPU plus 3 ms. Prints the figures; exits 1 above the
 * goal. A probe, not part of npm test.
 */
import { execSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpuTimeMs, freePort, startServer } from './lib/server-process.ts';

const requestsArg = process.argv.indexOf('--requests');
const requests = requestsArg > 0 ? Number(process.argv[requestsArg + 1]) : 2_000;
const connections = 4;
if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'ignore' });

const future = (Date.now() + 7 * 86_400_000).toString(36);
const kinds: { name: string; address: (i: number) => string; goal?: boolean }[] = [
  { name: 'a missing post', address: (i) => `/blog/missing-${i}` },
  { name: 'an unknown path', address: (i) => `/no-such-page-${i}` },
  { name: 'a made-up preview link', address: (i) => `/blog/preview/made-up-${i}`, goal: true },
  {
    name: 'a forged preview link',
    address: (i) => `/blog/preview/google-business-profile-newcastle.${future}.${String(i).padStart(43, 'A')}`,
    goal: true,
  },
  { name: 'a percent-encoded preview link', address: (i) => `/blog/preview/post%2E${future}%2E${i}`, goal: true },
  { name: 'a blog page past the last', address: (i) => `/blog?page=${100 + i}`, goal: true },
  { name: 'an unknown blog category', address: (i) => `/blog?category=no-such-${i}`, goal: true },
];

const server = await startServer({ PORT: String(await freePort()), DATA_FILE: 'data/db.json' });
const pid = server.process.pid!;
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const { hostname, port } = new URL(server.url);

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, agent, headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** CPU ms per request for `count` addresses of a kind, sent `connections` at a time. */
async function cpuPerRequest(address: (i: number) => string, count: number): Promise<number> {
  // The first of each kind may render the one page the rest are answered from.
  if ((await get(address(-1))) !== 404) throw new Error(`${address(-1)} did not answer 404`);
  let next = 0;
  const before = cpuTimeMs(pid);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const status = await get(address(next++));
        if (status !== 404) throw new Error(`${address(next - 1)} answered ${status}, not 404`);
      }
    }),
  );
  return (cpuTimeMs(pid) - before) / count;
}

const figures = new Map<string, number>();
try {
  // A first pass of every kind warms the JIT, so that the first kind measured is not charged for it.
  for (const kind of kinds) await cpuPerRequest((i) => kind.address(requests + i), requests / 10);
  for (const kind of kinds) figures.set(kind.name, await cpuPerRequest(kind.address, requests));
} finally {
  agent.destroy();
  await server.stop();
}

const yardstick = figures.get('a missing post') ?? 0;
const goal = 3 * yardstick + 3;
console.log(`Server CPU per 404, ${requests} different addresses of each kind, ${connections} at a time`);
let ok = true;
for (const kind of kinds) {
  const ms = figures.get(kind.name) ?? 0;
  const within = !kind.goal || ms <= goal;
  ok &&= within;
  const ratio = yardstick ? `${(ms / yardstick).toFixed(2)}×` : '-';
  console.log(
    `  ${kind.name.padEnd(32)} ${ms.toFixed(3)} ms  (${ratio} a missing post)${within ? '' : '  ABOVE GOAL'}`,
  );
}
console.log(
  `Goal for made-up previews and blog-list addresses: at most 3 × ${yardstick.toFixed(3)} + 3 = ${goal.toFixed(3)} ms`,
);
console.log(ok ? 'OK' : 'FAILED: a made-up address costs more than the goal');
process.exit(ok ? 0 : 1);
