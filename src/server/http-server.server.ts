import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A client must send a request's headers within this time (slow-loris)… Node counts it from the request's first
 * byte, not from the connection's last request, so it stays short however long an idle connection is kept.
 */
const headersTimeoutMs = 10_000;
/** …and its whole request within this time. */
const requestTimeoutMs = 30_000;
/** How often Node checks those two timeouts; its default of 30 s lets a slow client linger. */
const checkIntervalMs = 1_000;

// Longer request lines are refused before routing: no page or API address comes close.
const maxUrlLength = 8192;

/**
 * The HTTP server around the app: timeouts so that slow clients cannot hold connections, idle connections kept for
 * `keepAliveTimeoutMs` (longer than a load balancer keeps its own, or it would reuse one the server has just closed:
 * a 502), a 414 for over-long URLs, and a JSON answer (not a bare status line) for requests Node's parser refuses.
 */
export function createHttpServer(app: RequestListener, { keepAliveTimeoutMs }: { keepAliveTimeoutMs: number }): Server {
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: checkIntervalMs,
    },
    (req, res) => {
      if ((req.url?.length ?? 0) > maxUrlLength) {
        const api = req.url?.startsWith('/api/');
        res.writeHead(414, {
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
      app(req, res);
    },
  );
  server.keepAliveTimeout = keepAliveTimeoutMs;
  trackConnections(server);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ error: STATUS_CODES[status] ?? 'Bad request' });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
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
