import cluster from 'node:cluster';
import type { RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { createApp } from './src/server/app.server.ts';
import { devAssets, inlineStylesheet, productionStaticFiles } from './src/server/assets.server.ts';
import { closeGracefully, createHttpServer } from './src/server/http-server.server.ts';
import { ConfigError, parseConfig, type Config } from './src/server/config.server.ts';
import type { RenderModule } from './src/server/pages.server.ts';
import { BlogStore, readStore, StoreError } from './src/server/store.server.ts';

const logger = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
const shutdownTimeoutMs = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function productionRendering() {
  const clientDir = fileURLToPath(new URL('../client', import.meta.url));
  if (!existsSync(clientDir)) fail(`No client build at ${clientDir}: run npm run build`);
  const renderer = (await import('./src/entry-server.tsx')) as RenderModule;
  const { assets, css } = inlineStylesheet(clientDir);
  return {
    loadRenderer: async () => renderer,
    assets,
    inlineCss: css,
    staticFiles: [productionStaticFiles(clientDir, fileURLToPath(new URL('../../public', import.meta.url)))],
    close: async () => {},
  };
}

async function developmentRendering() {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
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

/**
 * WEB_CONCURRENCY > 1: this process only supervises. The store is read-only to the server, so each worker
 * loads, watches and serves its own copy; the workers share the listening socket.
 */
function supervise(config: Config) {
  let stopping = false;
  const listening = new Set<number>();
  const fork = () => cluster.fork();
  cluster.on('listening', (worker) => listening.add(worker.id));
  for (let i = 0; i < config.webConcurrency; i += 1) fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that fails before it listens (port in use, say) would fail again: stop with it.
    if (!listening.has(worker.id)) fail(`A worker exited with status ${code} before listening; stopping.`);
    logger.error(`Worker ${worker.process.pid} exited with ${code}; starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: stopping ${config.webConcurrency} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), shutdownTimeoutMs + 1_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main() {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.webConcurrency > 1 && config.isProduction && cluster.isPrimary) {
    // Fail fast on a bad store here, with the same one line, rather than in every worker.
    await readStore(config.dataFile).catch((error: unknown) => fail(`Cannot start: store ${(error as Error).message}`));
    supervise(config);
    return;
  }
  let store: BlogStore;
  try {
    store = await BlogStore.open(
      config.dataFile,
      { info: (message) => logger.info(message), error: (message) => logger.error(message) },
      // public/ beside the build (dist/server/server.js), or beside this file in development.
      { publicDir: fileURLToPath(new URL(config.isProduction ? '../../public' : './public', import.meta.url)) },
    );
  } catch (error) {
    if (error instanceof StoreError) fail(`Cannot start: store ${error.message}`);
    throw error;
  }
  store.watch();

  const rendering = config.isProduction ? await productionRendering() : await developmentRendering();
  const app = createApp({ config, store, logger, ...rendering });
  const server = createHttpServer(app);
  server.listen(config.port, config.host, () => {
    logger.info(
      `Serving ${config.public.siteName} on http://${config.host}:${config.port} (${config.isProduction ? 'production' : 'development'})`,
    );
  });
  server.on('error', (error) => fail(`Cannot listen on ${config.host}:${config.port}: ${error.message}`));
  shutdownOnSignals(server, async () => {
    store.close();
    await rendering.close();
  });
}

await main();
