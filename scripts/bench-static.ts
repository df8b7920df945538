/**
 * npx tsx scripts/bench-static.ts [requests]
 *
 * CPU the production server spends per request for the largest built script, as a browser asks for it
 * (`Accept-Encoding: br, gzip`) and without compression (`identity`): the server process's own CPU time (/proc)
 * over sequential requests, after a warm-up. Run after `npm run build`. A report, not a test.
 */
import { request } from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { cpuTimeMs, freePort, startServer } from './lib/server-process.ts';

const count = Number(process.argv[2] ?? 500);
const assets = 'dist/client/assets';
const size = (file: string) => statSync(path.join(assets, file)).size;
const script = readdirSync(assets)
  .filter((file) => file.endsWith('.js'))
  .reduce((largest, file) => (size(file) > size(largest) ? file : largest));

function get(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

const server = await startServer({ PORT: String(await freePort()), DATA_FILE: 'data/db.json' });
try {
  const pid = server.process.pid!;
  const url = `${server.url}/assets/${script}`;
  console.log(`${script}: ${(size(script) / 1000).toFixed(0)} kB, ${count} requests each`);
  for (const encoding of ['br, gzip', 'identity']) {
    for (let i = 0; i < 50; i += 1) await get(url, encoding);
    const before = cpuTimeMs(pid);
    let bytes = 0;
    for (let i = 0; i < count; i += 1) bytes = await get(url, encoding);
    const perRequest = (cpuTimeMs(pid) - before) / count;
    console.log(
      `Accept-Encoding: ${encoding.padEnd(9)} ${(bytes / 1000).toFixed(0).padStart(4)} kB sent, ${perRequest.toFixed(2)} ms CPU per request (${Math.round(1000 / perRequest)} a second per core)`,
    );
  }
} finally {
  await server.stop();
}
