import cluster from 'node:cluster';
import type { RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { createApp, isNamedProxy } from './src/server/app.server.ts';
import { devAssets, manifestAssets, productionStaticFiles } from './src/server/assets.server.ts';
import { lastGoodFromPrimary, supervise } from './src/server/cluster.server.ts';
import { closeGracefully, createHttpServer } from './src/server/http-server.server.ts';
import { securityHeaderValues } from './src/server/security.server.ts';
import { ConfigError, noNewsletterIssueWarning, parseConfig, type Config } from './src/server/config.server.ts';
import { newsletterCategorySlug } from './src/lib/newsletter.ts';
import { deliveryChannels } from './src/server/enquiries/delivery-policy.server.ts';
import { startOutbox } from './src/server/enquiries/outbox.server.ts';
import { startRetention } from './src/server/enquiries/retention.server.ts';
import { openEnquiryStore } from './src/server/enquiries/stores.server.ts';
import {
  startSubscriberDelivery,
  subscriberAlertChannels,
} from './src/server/newsletter/subscriber-delivery.server.ts';
import type { RenderModule } from './src/server/pages.server.ts';
import { BlogStore, readStoreText, StoreError } from './src/server/store.server.ts';
import { studioContent, studioContentProblem } from './src/server/studio-content.server.ts';

const logger = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
const shutdownTimeoutMs = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The folder of package.json above this file: server.ts in development, dist/server/server.js in production. */
function projectRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'package.json')) && path.dirname(directory) !== directory) {
    directory = path.dirname(directory);
  }
  return directory;
}

async function productionRendering() {
  const clientDir = fileURLToPath(new URL('../client', import.meta.url));
  if (!existsSync(clientDir)) fail(`No client build at ${clientDir}: run npm run build`);
  const renderer = (await import('./src/entry-server.tsx')) as RenderModule;
  return {
    loadRenderer: async () => renderer,
    assets: manifestAssets(clientDir),
    staticFiles: [productionStaticFiles(clientDir, fileURLToPath(new URL('../../public', import.meta.url)))],
    close: async () => {},
  };
}

async function developmentRendering(server: Server) {
  // eslint-disable-next-line import-x/no-extraneous-dependencies -- `npm run dev` only, never in production
  const { createServer } = await import('vite');
  // Hot reload's WebSocket on the site's own port: no second, fixed port to collide with another dev server.
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' });
  return {
    loadRenderer: () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<RenderModule>,
    assets: devAssets,
    staticFiles: [vite.middlewares as RequestHandler],
    close: () => vite.close(),
  };
}

function shutdownOnSignals(server: Server, cleanup: () => Promise<void>) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing requests in flight`);
    setTimeout(() => {
      logger.error('Requests still open after 10 s: exiting');
      process.exit(1);
    }, shutdownTimeoutMs).unref();
    void closeGracefully(server)
      .then(cleanup)
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main() {
  let config: Config;
  try {
    config = parseConfig(process.env, { root: projectRoot() });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // public/ beside the build (dist/server/server.js), or beside this file in development.
  const publicDir = fileURLToPath(new URL(config.isProduction ? '../../public' : './public', import.meta.url));
  const contentProblem = studioContentProblem(studioContent, publicDir);
  if (contentProblem) fail(`Cannot start: ${contentProblem}`);
  if (cluster.isPrimary) for (const warning of config.warnings) logger.warn(warning);
  if (config.webConcurrency > 1 && config.isProduction && cluster.isPrimary) {
    // Fail fast on a bad store here, with the same one line, rather than in every worker.
    const { text } = await readStoreText(config.dataFile).catch((error: unknown) =>
      fail(`Cannot start: store ${(error as Error).message}`),
    );
    // The same for the enquiry store: a database that cannot be reached or a refused login (PostgreSQL, whose
    // migrations then run once before the workers open it), or an unreadable ENQUIRIES_FILE.
    const enquiryStore = await openEnquiryStore(config.enquiries, { enabled: deliveryChannels(config) }).catch(
      (error: unknown) => fail(`Cannot start: ${(error as Error).message}`),
    );
    await enquiryStore.close();
    supervise({ config, firstStore: text, logger, fail, shutdownTimeoutMs });
    return;
  }
  let store: BlogStore;
  try {
    store = await BlogStore.open(
      config.dataFile,
      { info: (message) => logger.info(message), error: (message) => logger.error(message) },
      {
        lastGood: cluster.isWorker ? lastGoodFromPrimary : undefined,
        publicDir,
      },
    );
  } catch (error) {
    if (error instanceof StoreError) fail(`Cannot start: store ${error.message}`);
    throw error;
  }
  store.watch();
  const newsletterIssue = store.index.categories.some((c) => c.slug === newsletterCategorySlug && c.postCount > 0);
  if (config.isProduction && cluster.isPrimary && !newsletterIssue) logger.warn(noNewsletterIssueWarning);
  const enquiryStore = await openEnquiryStore(config.enquiries, { enabled: deliveryChannels(config), logger }).catch(
    (error: unknown) => fail(`Cannot start: ${(error as Error).message}`),
  );

  let handle: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createHttpServer((req, res) => handle(req, res), {
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    headers: securityHeaderValues(config),
    logger,
    uncappedPeer: isNamedProxy(config.trustProxy),
  });
  const rendering = config.isProduction ? await productionRendering() : await developmentRendering(server);
  // Each serving process runs the outbox: it checks SMTP_URL now, and a lease lets one process at a time send
  // (HubSpot, email) and announce delivery problems (ALERT_WEBHOOK_URL, or email), the newsletter hand-on's
  // included; /healthz reads its report.
  const outbox = startOutbox({
    store: enquiryStore,
    config,
    logger,
    watched: subscriberAlertChannels(enquiryStore, config),
  });
  const retention = startRetention({ store: enquiryStore, days: config.public.enquiryRetentionDays, logger });
  const enquiries = {
    store: enquiryStore,
    rateLimitStore: enquiryStore.rateLimitStore,
    wake: () => outbox.wake(),
    deliveryHealth: outbox,
  };
  // Confirmed subscribers are handed on (HubSpot's newsletter form, the webhook) under a lease of their own, so that
  // a slow hand-on never holds up an enquiry's email.
  const subscriberDelivery = startSubscriberDelivery({ store: enquiryStore, config, logger });
  const newsletter = {
    mailer: outbox.mailer,
    wake: () => subscriberDelivery.wake(),
    deliveryHealth: subscriberDelivery,
  };
  handle = createApp({ config, store, logger, ...rendering, enquiries, newsletter });
  server.listen(config.port, config.host, () => {
    logger.info(
      `Serving ${config.public.siteName} on http://${config.host}:${config.port} (${config.isProduction ? 'production' : 'development'})`,
    );
  });
  server.on('error', (error) => fail(`Cannot listen on ${config.host}:${config.port}: ${error.message}`));
  shutdownOnSignals(server, async () => {
    store.close();
    retention.stop();
    await outbox.stop();
    await subscriberDelivery.stop();
    await enquiryStore.close();
    await rendering.close();
  });
}

await main();
