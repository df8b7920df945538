/**
 * npx tsx scripts/probe-stylesheet.ts [--runs N] [--page /path ...] [--no-build]
 *
 * Whether a smaller inline stylesheet would pay, before anyone builds one. Every page inlines the whole site's
 * stylesheet (about 40 kB, 570 rules). This starts the production build and puts two proxies in front of it: A
 * passes each answer through, B cuts each page's inline stylesheet down to the rules whose classes the page's own
 * HTML uses (what a per-page stylesheet would send). Both gzip what they send, so only the stylesheet differs.
 * Lighthouse (mobile) alternates N runs (10 unless told) of each on `/` and `/blog` (or each --page) and prints
 * medians, spreads and every run, as compare-builds.ts does. A probe: B's pages lose the styles that only appear
 * after hydration (an open menu, a toast), which a real per-page stylesheet would have to load afterwards.
 */
import * as chromeLauncher from 'chrome-launcher';
import { execSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import postcss, { type AtRule } from 'postcss';
import { chromiumArgs, chromiumPath } from './lib/chromium.ts';
import { alternate, comparedFigures, lighthouseRun, printComparison } from './lib/lighthouse.ts';
import { freePort, startServer } from './lib/server-process.ts';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    page: { type: 'string', multiple: true },
    'no-build': { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number of at least 1, not ${options.runs}`);
const pages = options.page ?? ['/', '/blog'];

const htmlEntities: Record<string, string> = { '&amp;': '&', '&#x27;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>' };
const inlineStyle = /(<style[^>]*>)([\s\S]*?)(<\/style>)/;

/** The page with its inline stylesheet cut to the rules whose every class the page's HTML names. */
function pruneInlineStylesheet(html: string): string {
  const classes = new Set<string>();
  for (const [, list] of html.replace(inlineStyle, '').matchAll(/class="([^"]*)"/g))
    for (const name of list!.split(/\s+/))
      if (name) classes.add(name.replace(/&[#\w]+;/g, (e) => htmlEntities[e] ?? e));
  return html.replace(inlineStyle, (_, open: string, css: string, close: string) => {
    const root = postcss.parse(css);
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && (rule.parent as AtRule).name.endsWith('keyframes')) return;
      const used = rule.selectors.filter((selector) =>
        [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].every(([, name]) => classes.has(name!.replace(/\\(.)/g, '$1'))),
      );
      if (!used.length) rule.remove();
      else if (used.length < rule.selectors.length) rule.selectors = used;
    });
    root.walkAtRules((rule) => {
      if (rule.nodes?.length === 0) rule.remove();
    });
    return `${open}${root.toString()}${close}`;
  });
}

if (!options['no-build']) execSync('npm run build', { stdio: 'ignore' });
const server = await startServer({ PORT: String(await freePort()), DATA_FILE: 'data/db.json' });

/** A proxy in front of the server, answering each address once fetched (so neither side waits on renders). */
async function proxy(change: (html: string) => string): Promise<string> {
  const answers = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  const front = createServer((req, res) => {
    void (async () => {
      let answer = answers.get(req.url!);
      if (!answer) {
        const response = await fetch(`${server.url}${req.url}`, { redirect: 'manual' });
        const type = response.headers.get('content-type') ?? '';
        let body = Buffer.from(await response.arrayBuffer());
        if (type.startsWith('text/html')) body = Buffer.from(change(body.toString()));
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (!/^(content-encoding|content-length|transfer-encoding|connection)$/.test(name)) headers[name] = value;
        });
        if (/text|javascript|json/.test(type)) {
          body = gzipSync(body);
          headers['content-encoding'] = 'gzip';
        }
        answer = { status: response.status, headers, body };
        answers.set(req.url!, answer);
      }
      res.writeHead(answer.status, answer.headers).end(answer.body);
    })();
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
}

const origins = { a: await proxy((html) => html), b: await proxy(pruneInlineStylesheet) };
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});
const results = await alternate(runs, pages, origins, async (url) => {
  const lhr = await lighthouseRun(chrome, url);
  return lhr && comparedFigures(lhr);
}).finally(() => {
  chrome.kill();
  return server.stop();
});

console.log('A: the whole stylesheet inlined (as built); B: each page’s inline stylesheet cut to the rules it uses.');
printComparison('Lighthouse, mobile', results);
process.exit(0);
