/**
 * npm run bench [-- --large] [-- --quick] [-- --no-build] [-- --worst-case] [-- --enquiries-only] [-- --newsletter]
 *
 * Serves the production build and, in the same run, a saved copy of its own post page through
 * express.static (the baseline), and loads each with autocannon (50 connections, 10 s after a 3 s warm-up).
 * Every figure is also given as a ratio to the baseline, which holds on a noisy machine. Then the worst case one
 * request can cause: the first render of the largest post the store allows, with /healthz asked all the while.
 * (`--worst-case`: only that.) Then the enquiry endpoint on the file and on PostgreSQL (a server of its own,
 * started and stopped here; `--enquiries-only`: only that). Then the newsletter's sign-up: what a refused sign-up
 * costs beside a 429 past the refusal budget, and the emails a flood of 10,000 sign-ups (`--flood=N`) sends (`--newsletter`: only
 * that). A report, not a test.
 */
import autocannon from 'autocannon';
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BootData } from '../src/browser/boot-data.ts';
import { tokenFieldName } from '../src/shared/page-contract.ts';
import pg from 'pg';
import { newStoredEnquiry } from '../src/server/enquiries/enquiry.ts';
import { openPostgresStore } from '../src/server/enquiries/postgres-store/postgres-store.server.ts';
import { formSecretFile, formTokens, loadFormSecret } from '../src/server/enquiries/form-token.server.ts';
import { maxContentLength } from '../src/lib/store-schema.ts';
import { withTestPostgres } from './lib/postgres.ts';
import { largeStore, largestPostStore } from './lib/seed-store.ts';
import { peakRssMiB, startServer, type RunningServer } from './lib/server-process.ts';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const duration = quick ? 3 : 10;
const warmup = quick ? 1 : 3;
const connections = 50;
const listPaths = ['/', '/blog', '/blog?page=2'];

/** The newest post's page: the same choice in every store. */
async function newestPostPath(base: string): Promise<string> {
  const [post] = (await (await fetch(`${base}/api/blog/featured?limit=1`)).json()) as { slug: string }[];
  return `/blog/${post!.slug}`;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, seconds = duration): Promise<Load> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function measure(url: string): Promise<Load> {
  await load(url, warmup);
  return load(url);
}

async function startBaseline(html: string, port: number) {
  const directory = mkdtempSync(path.join(tmpdir(), 'bench-static-'));
  writeFileSync(path.join(directory, 'index.html'), html);
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import express from 'express'; express().use(express.static(${JSON.stringify(directory)})).listen(${port}, '127.0.0.1', () => console.log('ready'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/** HTML (gzip) and the JS and CSS (gzip) a page loads before it is interactive (its islands awake). */
async function pageWeight(base: string, pagePath: string) {
  const html = await (await fetch(base + pagePath)).text();
  // The page's script tag (the loader) and its islands, were they all awake.
  const bootJson = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (!bootJson) throw new Error(`${pagePath} has no boot data`);
  const { assets: boot } = JSON.parse(bootJson) as BootData;
  const assets = [
    ...Array.from(html.matchAll(/<script type="module" src="([^"]+)"/g), (match) => match[1]!),
    ...Array.from(html.matchAll(/data-island="([\w-]+)"/g), (match) => [
      ...(boot.islands[match[1] as keyof typeof boot.islands] ?? []),
      ...boot.hydrate,
    ]).flat(),
    ...boot.styles,
  ];
  let js = 0;
  let css = 0;
  for (const asset of new Set(assets)) {
    const size = gzipSync(Buffer.from(await (await fetch(base + asset)).arrayBuffer())).length;
    if (asset.endsWith('.css')) css += size;
    else js += size;
  }
  return { html: gzipSync(html).length, js, css };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function runMode(name: string, server: RunningServer, baseline: Load, withWeights: boolean) {
  const pagePaths = [...listPaths, await newestPostPath(server.url)];
  const targets = [...pagePaths, '/api/blog/posts'];
  console.log(`\n### ${name}\n`);
  console.log(
    `| target | req/s | ratio | p50 ms | p99 ms | errors | non-2xx |${withWeights ? ' HTML gz | JS gz | CSS gz |' : ''}`,
  );
  console.log(`|---|---|---|---|---|---|---|${withWeights ? '---|---|---|' : ''}`);
  const results: Record<string, Load> = {};
  for (const target of targets) {
    const result = await measure(server.url + target);
    results[target] = result;
    let weights = '';
    if (withWeights && pagePaths.includes(target)) {
      const weight = await pageWeight(server.url, target);
      weights = ` ${kb(weight.html)} | ${kb(weight.js)} | ${kb(weight.css)} |`;
    } else if (withWeights) weights = ' | | |';
    console.log(
      `| ${target} | ${result.rps.toFixed(0)} | ${(result.rps / baseline.rps).toFixed(2)}× | ${result.p50} | ${result.p99} | ${result.errors} | ${result.non2xx} |${weights}`,
    );
  }
  console.log(
    `\nPeak RSS (VmHWM): ${peakRssMiB(server.process.pid!).toFixed(1)} MiB; start-up ${server.startupMs.toFixed(0)} ms`,
  );
  return results;
}

/** The body the site's script sends, with a token `secret` signed 10 s ago. */
function enquiryBody(secret: Buffer): string {
  return JSON.stringify({
    firstname: 'Bench',
    lastname: 'Mark',
    email: 'bench@example.com',
    phone: '02 4929 7150',
    company: 'Bench Café',
    message: 'A typical enquiry of a sentence or two about the business and what it wants to achieve.',
    plan: 'growth',
    [tokenFieldName]: formTokens(secret, 'enquiry').issue(Date.now() - 10_000),
  });
}

/** Loads every server at once, connections shared out between them: the summed rate, the worst p50 and p99. */
async function postEnquiries(servers: RunningServer[], body: string): Promise<Load> {
  const run = (server: RunningServer, seconds: number) =>
    autocannon({
      url: `${server.url}/api/enquiries`,
      connections: Math.ceil(connections / servers.length),
      pipelining: 1,
      duration: seconds,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body,
    });
  await Promise.all(servers.map((server) => run(server, warmup)));
  const results = await Promise.all(servers.map((server) => run(server, duration)));
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/** A file of `count` stored enquiries, as a site that has run for a while has. */
function seededEnquiriesFile(count: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-enquiries-')), 'enquiries.json');
  const enquiries = Array.from({ length: count }, (_, i) =>
    newStoredEnquiry(
      {
        firstname: 'Seed',
        email: `seed${i}@example.com`,
        pageUri: 'https://studio.example/start-project',
        spam: false,
      },
      { hubspot: false, email: false },
      new Date(Date.now() - (count - i) * 60_000),
    ),
  );
  writeFileSync(file, `${JSON.stringify({ version: 1, enquiries }, null, 2)}\n`);
  return file;
}

/** Adds `count` stored enquiries to the database in one statement per table. */
async function seedDatabase(url: string, count: number): Promise<void> {
  const store = await openPostgresStore(url, { enabled: { hubspot: false, email: false } });
  await store.close();
  const client = new pg.Client(url);
  await client.connect();
  await client.query(
    `INSERT INTO enquiries (id, received_at, fields, page_uri, spam)
     SELECT gen_random_uuid(), now() - i * interval '1 minute',
       jsonb_build_object('firstname', 'Seed', 'email', 'seed' || i || '@example.com'),
       'https://studio.example/start-project', false
     FROM generate_series(1, $1) AS i`,
    [count],
  );
  await client.query(
    `INSERT INTO enquiry_deliveries (enquiry_id, channel, state)
     SELECT id, channel, 'off' FROM enquiries, unnest(ARRAY['hubspot', 'email']) AS channel
     ON CONFLICT DO NOTHING`,
  );
  await client.end();
}

/**
 * POST /api/enquiries as the site's script sends it: every answer is a 201 for an enquiry already durable (the
 * file fsync'd, or the row committed), so enquiries/s is enquiries durably accepted per second. On the file and
 * on PostgreSQL, one instance and two, with 5 000 enquiries already stored, and 50 000.
 */
async function benchEnquiries(port: number) {
  console.log(`\n### POST /api/enquiries (durable storage, ${connections} connections in all)\n`);
  console.log('| store | instances | stored before | enquiries/s | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---|---|---|---|---|---|---|');
  const row = (store: string, instances: number, before: number, r: Load) =>
    console.log(
      `| ${store} | ${instances} | ${before.toLocaleString('en-AU')} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    );
  const common = { DATA_FILE: 'data/db.json', ENQUIRY_RATE_LIMIT: '1000000' };

  for (const before of [5_000, 50_000]) {
    const file = seededEnquiriesFile(before);
    const server = await startServer({ ...common, PORT: String(port), ENQUIRIES_FILE: file });
    await fetch(`${server.url}/start-project`);
    const body = enquiryBody(await loadFormSecret(formSecretFile(file)));
    row('file', 1, before, await postEnquiries([server], body));
    await server.stop();
  }

  await withTestPostgres(async (postgres) => {
    const formSecret = 'bench-form-secret-of-at-least-32-characters';
    const body = enquiryBody(Buffer.from(formSecret));
    for (const [before, instances] of [
      [5_000, 1],
      [5_000, 2],
      [50_000, 1],
      [50_000, 2],
    ] as const) {
      const url = await postgres.createDatabase(`bench_${before}_${instances}`);
      await seedDatabase(url, before);
      const servers = await Promise.all(
        Array.from({ length: instances }, (_, i) =>
          startServer({
            ...common,
            PORT: String(port + 10 + i),
            ENQUIRIES_FILE: path.join(mkdtempSync(path.join(tmpdir(), 'bench-machine-')), 'enquiries.json'),
            DATABASE_URL: url,
            FORM_SECRET: formSecret,
          }),
        ),
      );
      row('PostgreSQL', instances, before, await postEnquiries(servers, body));
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
}

async function timed(url: string) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

/**
 * The largest post allowed, rendered for the first time in a fresh process (render cache on and off), while
 * another client asks /healthz in a loop: how long that render takes, and how long it holds other requests up.
 */
async function worstCase(port: number) {
  const { store, slug } = largestPostStore(maxContentLength);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-largest-')), 'db.json');
  writeFileSync(file, JSON.stringify(store));
  console.log(`\n### The largest post allowed (${maxContentLength.toLocaleString('en-AU')} characters of markdown)\n`);
  console.log('| render cache | first render ms | HTML | /healthz during it: max ms | median ms | second request ms |');
  console.log('|---|---|---|---|---|---|');
  for (const cache of ['on', 'off']) {
    const server = await startServer({ PORT: String(port), DATA_FILE: file, RENDER_CACHE: cache });
    const latencies: number[] = [];
    let rendering = true;
    const probe = (async () => {
      while (rendering) latencies.push(await timed(`${server.url}/healthz`));
    })();
    const started = performance.now();
    // As a crawler asks: the whole document in one piece.
    const response = await fetch(`${server.url}/blog/${slug}`, { headers: { 'user-agent': 'Googlebot/2.1' } });
    const html = await response.arrayBuffer();
    const first = performance.now() - started;
    rendering = false;
    await probe;
    const second = await timed(`${server.url}/blog/${slug}`);
    latencies.sort((a, b) => a - b);
    console.log(
      `| ${cache} | ${first.toFixed(0)} | ${kb(html.byteLength)} | ${latencies.at(-1)!.toFixed(0)} | ${latencies[latencies.length >> 1]!.toFixed(0)} | ${second.toFixed(0)} |`,
    );
    await server.stop();
  }
}

/** An SMTP server on loopback that takes every message and counts them. */
async function countingSmtp() {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/**
 * The newsletter's sign-up under load: a sign-up refused by the site-wide cap (JSON 503), one refused with its page
 * re-rendered (a plain post with an invalid address, 400, within the refusal budget), and a 429 past the budget (the
 * short page); then 10,000 sign-ups from rotating client addresses, and the confirmation emails they sent.
 */
async function benchNewsletter(port: number) {
  const formSecret = 'bench-form-secret-of-at-least-32-characters';
  const token = formTokens(Buffer.from(formSecret), 'newsletter').issue(Date.now() - 10_000);
  const smtp = await countingSmtp();
  const env = (extra: Record<string, string>) => ({
    PORT: String(port),
    DATA_FILE: 'data/db.json',
    SMTP_URL: smtp.url,
    FORM_SECRET: formSecret,
    ENQUIRIES_FILE: path.join(mkdtempSync(path.join(tmpdir(), 'bench-newsletter-')), 'enquiries.json'),
    ...extra,
  });
  const post = (server: RunningServer, body: string, json: boolean) =>
    autocannon({
      url: `${server.url}/api/newsletter`,
      method: 'POST',
      connections,
      duration,
      headers: {
        'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
        accept: json ? 'application/json' : 'text/html',
        'sec-fetch-site': 'same-origin',
      },
      body,
    });
  console.log(`
### POST /api/newsletter refused (${connections} connections, ${duration} s)
`);
  console.log('| refusal | status | req/s | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|');
  const row = (name: string, result: autocannon.Result) => {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' ');
    console.log(
      `| ${name} | ${statuses} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} |`,
    );
  };
  const formBody = (email: string) => new URLSearchParams({ email, form_token: token, enquiry_trap: '' }).toString();

  let server = await startServer(env({ NEWSLETTER_CONFIRMATIONS_PER_HOUR: '1', NEWSLETTER_RATE_LIMIT: '1000000' }));
  await fetch(`${server.url}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: 'first@example.com', form_token: token }),
  });
  row('cap reached (JSON)', await post(server, JSON.stringify({ email: 'next@example.com', form_token: token }), true));
  row(
    'invalid address (plain post: 400 with the page, then 429 past 100 failed posts a minute)',
    await post(server, formBody('not-an-address'), false),
  );
  await server.stop();

  server = await startServer(env({ NEWSLETTER_RATE_LIMIT: '1' }));
  row(
    'past the per-visitor limit: 429 short page (plain post)',
    await post(server, formBody('again@example.com'), false),
  );
  await server.stop();

  const floodArgument = process.argv.find((argument) => argument.startsWith('--flood='));
  const floodSignUps = floodArgument ? Number(floodArgument.slice('--flood='.length)) : 10_000;
  const before = smtp.received();
  server = await startServer(env({ TRUST_PROXY: 'loopback' }));
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let i = next++; i < floodSignUps; i = next++) {
        const response = await fetch(`${server.url}/api/newsletter`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'sec-fetch-site': 'same-origin',
            'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ email: `reader-${i}@example.com`, form_token: token }),
        });
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // The confirmation emails go out a few at a time: count once a second has passed with none arriving (30 s at most).
  for (let last = -1, waited = 0; smtp.received() !== last && waited < 30_000; waited += 1_000) {
    last = smtp.received();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  console.log(
    `
Flood: ${floodSignUps.toLocaleString('en-AU')} sign-ups from as many client addresses in ${seconds.toFixed(1)} s; emails sent: ${smtp.received() - before} (the cap's 50 confirmations and the studio's one alert)`,
  );
  await server.stop();
  await smtp.close();
}

async function main() {
  if (!args.has('--no-build')) execSync('npm run build', { stdio: 'ignore' });
  const port = 3310;
  if (args.has('--worst-case')) return worstCase(port);
  if (args.has('--newsletter')) return benchNewsletter(port);
  console.log(
    `# Benchmark (${connections} connections, ${duration} s after ${warmup} s warm-up, ${new Date().toISOString()})`,
  );

  const seeded = await startServer({ PORT: String(port), DATA_FILE: 'data/db.json' });
  const postHtml = await (await fetch(seeded.url + (await newestPostPath(seeded.url)))).text();
  await seeded.stop();
  const baselineServer = await startBaseline(postHtml, port + 1);
  // The machine's speed drifts: each mode is compared with the baseline measured just before it.
  const baseline = async () => {
    const result = await measure(baselineServer.url);
    console.log(
      `\nBaseline (express.static, the post page's HTML): ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
    );
    return result;
  };

  const modes: [string, Record<string, string>, boolean][] =
    args.has('--large') || args.has('--enquiries-only')
      ? []
      : [
          ['Seeded store, render cache on', { RENDER_CACHE: 'on' }, true],
          ['Seeded store, render cache off', { RENDER_CACHE: 'off' }, false],
          ['Seeded store, render cache on, WEB_CONCURRENCY=2', { RENDER_CACHE: 'on', WEB_CONCURRENCY: '2' }, false],
        ];
  for (const [name, env, withWeights] of modes) {
    const server = await startServer({ PORT: String(port), DATA_FILE: 'data/db.json', ...env });
    await runMode(name, server, await baseline(), withWeights);
    await server.stop();
  }

  if (!args.has('--large')) await benchEnquiries(port);

  if (args.has('--large')) {
    const directory = mkdtempSync(path.join(tmpdir(), 'bench-large-'));
    mkdirSync(directory, { recursive: true });
    const file = path.join(directory, 'db.json');
    writeFileSync(file, JSON.stringify(largeStore(10_000)));
    for (const cache of ['on', 'off']) {
      const server = await startServer({ PORT: String(port), DATA_FILE: file, RENDER_CACHE: cache });
      console.log(
        `\n10,000 posts, render cache ${cache}: start-up ${server.startupMs.toFixed(0)} ms; first /sitemap.xml ${(await timed(`${server.url}/sitemap.xml`)).toFixed(0)} ms; first /rss.xml ${(await timed(`${server.url}/rss.xml`)).toFixed(0)} ms`,
      );
      await runMode(`10,000 posts, render cache ${cache}`, server, await baseline(), false);
      await server.stop();
    }
  }
  baselineServer.stop();
  if (!args.has('--large') && !args.has('--enquiries-only')) await worstCase(port);
  if (!args.has('--large') && !args.has('--enquiries-only')) await benchNewsletter(port);
}

await main();
