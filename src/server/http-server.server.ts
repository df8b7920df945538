import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';

/**
 * A client must send a request's headers within this time (slow-loris)… Node counts it from the request's first
 * byte, not from the connection's last request, so it stays short however long an idle connection is kept.
 */
const headersTimeoutMs = 10_000;
/** …and its whole request within this time. */
const requestTimeoutMs = 30_000;
/** How often Node checks those two timeouts; its default of 30 s lets a slow client linger. */
const checkIntervalMs = 1_000;
/**
 * Once a request has been read, a connection on which nothing moves for this long (the client takes none of the
 * answer, as one that pipelines requests and never reads does) is closed, and the file it streams closed with it.
 * Longer than the slowest answer the app takes before writing (a database's 5 s connect and 10 s query timeouts).
 */
export const stalledAnswerTimeoutMs = 20_000;
/**
 * Connections open at once from one address: far more than a browser opens (six) or an office behind one address
 * needs, few enough that one client cannot take the process's files. A proxy TRUST_PROXY names by address is not
 * counted: every visitor arrives through it.
 */
export const connectionsPerAddress = 128;

// Longer request lines are refused before routing: no page or API address comes close.
const maxUrlLength = 8192;
/**
 * A refused connection's answer is followed by the server's half of the close; a client that neither reads it nor
 * closes its own half loses the connection this long after, so that it never holds one of the server's files.
 */
const refusedLingerMs = 1_000;
/** Refused connections logged one by one per minute; past that, one line a minute says how many more there were. */
const refusalLinesPerMinute = 20;

export interface HttpServerOptions {
  keepAliveTimeoutMs: number;
  /** The app's security headers, also on every answer given before the app (securityHeaderValues). */
  headers: Record<string, string>;
  logger: Pick<Logger, 'warn'>;
  /** A peer whose connections are not capped: a proxy TRUST_PROXY names. */
  uncappedPeer?: (address: string) => boolean;
}

/**
 * The HTTP server around the app: timeouts so that slow clients cannot hold connections (while a request is read,
 * and while its answer is written), at most `connectionsPerAddress` from one client, idle connections kept for
 * `keepAliveTimeoutMs` (longer than a load balancer keeps its own, or it would reuse one the server has just closed:
 * a 502), a 414 for over-long URLs, and a JSON answer (not a bare status line) for requests Node's parser refuses,
 * each with the app's security headers, logged, and its connection released within a second whatever the client does.
 */
export function createHttpServer(
  app: RequestListener,
  { keepAliveTimeoutMs, headers, logger, uncappedPeer = () => false }: HttpServerOptions,
): Server {
  const logRefusal = refusalLog(logger);
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: checkIntervalMs,
    },
    (req, res) => {
      if ((req.url?.length ?? 0) > maxUrlLength) {
        const api = req.url?.startsWith('/api/');
        logRefusal({ status: 414, method: req.method, urlLength: req.url?.length });
        res.writeHead(414, {
          ...headers,
          'Content-Type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
          Connection: 'close',
        });
        res.end(
          api
            ? JSON.stringify({ error: 'URL too long' })
            : '<!DOCTYPE html><title>URL too long</title><h1>URL too long</h1>',
        );
        return;
      }
      // A pipelined request waits for its turn, as its answer does: until then it opens no file and holds nothing
      // more, and one whose connection closes before then is never handled.
      if (res.socket) app(req, res);
      else res.once('socket', () => app(req, res));
    },
  );
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Node's socket timeout while a request is in progress (between requests, keepAliveTimeout's): with no 'timeout'
  // listener, Node destroys the connection.
  server.timeout = stalledAnswerTimeoutMs;
  capConnections(server, uncappedPeer, logRefusal);
  trackConnections(server);
  const fixedHeaders = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    logRefusal({ status, code: error.code });
    const body = JSON.stringify({ error: STATUS_CODES[status] ?? 'Bad request' });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${fixedHeaders}Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // The server keeps its half open until the client closes its own (Node's HTTP server allows half-open
    // connections), so a client that never does would hold the connection, and one of the process's files, for good.
    // Reading on lets a client's close end it at once; the timer ends it for a client that never closes.
    socket.resume();
    const release = setTimeout(() => socket.destroy(), refusedLingerMs);
    release.unref();
    socket.once('close', () => clearTimeout(release));
  });
  return server;
}

/**
 * Logs connections refused before the app, one line each up to `refusalLinesPerMinute` a minute, then one line at
 * the minute's end with how many more there were: a flood of them never floods the log.
 */
function refusalLog(logger: Pick<Logger, 'warn'>): (details: Record<string, unknown>) => void {
  let logged = 0;
  let unlogged = 0;
  let windowEnd = 0;
  const closeWindow = () => {
    if (unlogged) logger.warn({ refused: unlogged }, 'Refused before the app: more connections not logged one by one');
    logged = 0;
    unlogged = 0;
  };
  return (details) => {
    const now = Date.now();
    if (now >= windowEnd) {
      windowEnd = now + 60_000;
      setTimeout(closeWindow, 60_000).unref();
    }
    if (logged >= refusalLinesPerMinute) {
      unlogged += 1;
      return;
    }
    logged += 1;
    logger.warn(details, 'Refused before the app');
  };
}

/** Closes, unanswered, a connection that would take one client's past `connectionsPerAddress`. */
function capConnections(
  server: Server,
  uncapped: (address: string) => boolean,
  logRefusal: (details: Record<string, unknown>) => void,
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || uncapped(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > connectionsPerAddress) {
      logRefusal({ code: 'TOO_MANY_CONNECTIONS', connections: count - 1 });
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left) open.set(address, left);
      else open.delete(address);
    });
  });
}

interface Connection {
  busy: boolean;
  served: boolean;
}

const connections = new WeakMap<Server, { sockets: Map<Socket, Connection>; accepted: number; closing: boolean }>();

function trackConnections(server: Server): void {
  const tracked = { sockets: new Map<Socket, Connection>(), accepted: 0, closing: false };
  connections.set(server, tracked);
  server.on('connection', (socket: Socket) => {
    tracked.sockets.set(socket, { busy: false, served: false });
    tracked.accepted += 1;
    socket.on('close', () => tracked.sockets.delete(socket));
  });
  server.on('request', (req, res) => {
    const connection = tracked.sockets.get(req.socket);
    if (connection) connection.busy = true;
    if (tracked.closing) res.setHeader('Connection', 'close');
    res.on('finish', () => {
      if (!connection) return;
      connection.busy = false;
      connection.served = true;
    });
  });
}

const quietMs = 250;
const maxAcceptMs = 2_000;
const graceMs = 4_000;

/**
 * Resolves once every request in flight has been answered. Closing the listener at once would reset the
 * connections the kernel has already completed, so it stays open until no new connection has arrived for
 * `quietMs` (for `maxAcceptMs` at most); and Node's own close() drops connections whose request it has not read
 * yet (their clients see a reset), so those get `graceMs` to send it instead.
 */
export async function closeGracefully(server: Server) {
  const tracked = connections.get(server);
  if (!tracked) return new Promise<void>((resolve) => server.close(() => resolve()));
  tracked.closing = true;
  const acceptUntil = Date.now() + maxAcceptMs;
  for (;;) {
    const before = tracked.accepted;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    if (tracked.accepted === before || Date.now() >= acceptUntil) break;
  }
  const sweep = (includeFresh: boolean) => {
    for (const [socket, connection] of tracked.sockets) {
      if (!connection.busy && (connection.served || includeFresh)) socket.destroy();
    }
  };
  return new Promise<void>((resolve) => {
    server.closeIdleConnections = () => sweep(false);
    server.close(() => resolve());
    setTimeout(() => sweep(true), graceMs).unref();
  });
}
