import { rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import { pino } from 'pino';
import { createServer } from 'vite';
import { createHttpServer } from '../../src/server/http-server.server.ts';
import type { RenderModule } from '../../src/server/pages.server.ts';
import { createTestApp } from '../server.ts';

// The site as a studio that has filled in its content files would serve it, rendered from source by Vite as
// `npm run dev` does, with this folder's content files in place of src/content/'s (vite.config.ts beside this
// file): a browser can load a filled-in studio without a second production build. PORT, DATA_FILE, BOOKING_URL, the
// HubSpot ids, SMTP_URL and CONTACT_EMAIL as the site.

const here = path.dirname(fileURLToPath(import.meta.url));
let handle: RequestListener = (_req, res) => void res.writeHead(503).end();
const server = createHttpServer((req, res) => handle(req, res), {
  keepAliveTimeoutMs: 65_000,
  headers: {},
  logger: pino({ level: 'silent' }),
});
const vite = await createServer({
  configFile: path.join(here, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: { server } },
  appType: 'custom',
  logLevel: 'warn',
});
const testApp = await createTestApp({
  file: process.env.DATA_FILE ?? 'data/db.json',
  env: Object.fromEntries(
    ['BOOKING_URL', 'HUBSPOT_PORTAL_ID', 'HUBSPOT_FORM_ID', 'HUBSPOT_REGION', 'SMTP_URL', 'CONTACT_EMAIL'].flatMap(
      (name) => (process.env[name] ? [[name, process.env[name]]] : []),
    ),
  ),
  rendering: {
    loadRenderer: () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<RenderModule>,
    staticFiles: [vite.middlewares as RequestHandler],
  },
});
handle = testApp.app;
server.listen(Number(process.env.PORT ?? 3100), '127.0.0.1');
process.on('SIGTERM', () => {
  testApp.close();
  void vite.close().then(() => {
    // The cache of its own that its configuration made (vite.config.ts beside this file).
    rmSync(vite.config.cacheDir, { recursive: true, force: true });
    process.exit(0);
  });
});
