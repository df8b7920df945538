/**
 * A test process serving the whole app behind its HTTP server, as a serving process does:
 * `node --import tsx http-server-process.ts`, on PORT, with the idle connection time KEEP_ALIVE_TIMEOUT_SECONDS.
 * It runs until killed, printing the HTTP server's log lines (its refusals) as JSON.
 */
import { pino } from 'pino';
import { createHttpServer } from '../src/server/http-server.server.ts';
import { securityHeaderValues } from '../src/server/security.server.ts';
import { createTestApp } from './server.ts';

const { app, config } = await createTestApp({
  env: { KEEP_ALIVE_TIMEOUT_SECONDS: process.env.KEEP_ALIVE_TIMEOUT_SECONDS },
});
createHttpServer(app, {
  keepAliveTimeoutMs: config.keepAliveTimeoutMs,
  headers: securityHeaderValues(config),
  logger: pino({ base: undefined }),
}).listen(Number(process.env.PORT), '127.0.0.1');
