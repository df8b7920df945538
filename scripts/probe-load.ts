/**
 * npm run probe:load [-- --seconds 60] [-- --no-build]
 *
 * Soak test of the production build: 50 connections for 60 s over a rotation of pages and API calls.
 * Prints req/s, p99, errors, non-2xx and resident memory after the first 10 s and at the end; exits 1 if
 * any request failed or memory grew more than 15 % between the two. A probe, not part of npm test.
 */
import autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import { currentRssMiB, startServer } from './lib/server-process.ts';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 60;
if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'ignore' });

const paths = [
  '/',
  '/services',
  '/how-it-works',
  '/about',
  '/faq',
  '/start-project?plan=growth',
  '/blog',
  '/blog?page=2',
  '/blog?category=local-seo',
  '/blog/google-business-profile-newcastle',
  '/blog/website-speed-mobile-local-business',
  '/api/blog/categories',
  '/api/blog/posts?page=2',
  '/api/blog/posts/google-reviews-get-and-reply',
  '/api/blog/featured',
  '/sitemap.xml',
  '/rss.xml',
  '/robots.txt',
];

const server = await startServer({
  PORT: '3410',
  DATA_FILE: 'data/db.json',
  RENDER_CACHE: process.env.RENDER_CACHE ?? 'on',
});
const pid = server.process.pid!;
let early = 0;
const sampler = setTimeout(() => (early = currentRssMiB(pid)), 10_000);
const result = await autocannon({
  url: server.url,
  connections: 50,
  duration: seconds,
  requests: paths.map((path) => ({ method: 'GET', path })),
});
clearTimeout(sampler);
const end = currentRssMiB(pid);
await server.stop();

const growth = early ? (end - early) / early : 0;
console.log(`Soak: ${seconds} s, 50 connections, ${paths.length} URLs in rotation`);
console.log(`  requests      ${result.requests.total} (${result.requests.average.toFixed(0)} req/s)`);
console.log(`  latency       p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
console.log(`  errors        ${result.errors} (timeouts ${result.timeouts}), non-2xx ${result.non2xx}`);
console.log(
  `  memory (RSS)  ${early.toFixed(1)} MiB after 10 s, ${end.toFixed(1)} MiB at the end (${(growth * 100).toFixed(1)} %)`,
);
const ok = result.errors === 0 && result.timeouts === 0 && result.non2xx === 0 && growth <= 0.15;
console.log(ok ? 'OK' : 'FAILED: errors, non-2xx answers or memory growth over 15 %');
process.exit(ok ? 0 : 1);
