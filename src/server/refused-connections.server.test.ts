import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort, startNodeServer, type RunningServer } from '../../scripts/lib/server-process.ts';

/**
 * One client holds hundreds of connections the server refuses before the app, never reading an answer and never
 * closing: each is released within seconds, so the serving process's open files come back to where they were and
 * the site keeps answering. The server is a process of its own, so that its open files are its alone.
 */
const serverProcess = fileURLToPath(new URL('../../test-support/http-server-process.ts', import.meta.url));
let site: RunningServer;

beforeAll(async () => {
  site = await startNodeServer(['--import', 'tsx', serverProcess], {
    PORT: String(await freePort()),
    // An idle connection past its time is one of the kinds held below: a second, not the 65 s default.
    KEEP_ALIVE_TIMEOUT_SECONDS: '1',
  });
}, 60_000);

afterAll(async () => {
  await site?.stop();
});

const openFiles = () => readdirSync(`/proc/${site.process.pid}/fd`).length;

/** A connection that sends `bytes` and then neither reads what comes back nor closes its side. */
function hold(bytes: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(new URL(site.url).port), host: '127.0.0.1', allowHalfOpen: true });
    socket.pause();
    socket.on('error', reject);
    socket.once('connect', () => socket.write(bytes, () => resolve(socket)));
  });
}

test(
  '300 refused connections held by a client that never reads nor closes are released within seconds; /healthz answers throughout',
  { timeout: 60_000 },
  async () => {
    const before = openFiles();
    const kinds = [
      // The parser refuses it: 400.
      'NOT HTTP\r\n\r\n',
      // An oversized header: 431.
      `GET / HTTP/1.1\r\nHost: localhost\r\nCookie: ${'x'.repeat(20_000)}\r\n\r\n`,
      // Headers never finished: 408 once their time is up.
      'GET / HTTP/1.1\r\nHost: localhost\r\n',
      // A request answered, then the connection kept idle past the keep-alive time.
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n',
    ];
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 300; i += 1) held.push(await hold(kinds[i % kinds.length]!));
      // Those whose headers are unfinished stay open until their time is up, 10 s: the server holds them once it has
      // taken them from the system's queue, which a busy machine's server does a moment later.
      await expect
        .poll(() => openFiles() - before, { message: 'connections the server holds', timeout: 5_000 })
        .toBeGreaterThan(60);

      const healthy: number[] = [];
      await expect
        .poll(
          async () => {
            healthy.push((await fetch(`${site.url}/healthz`)).status);
            return openFiles() - before;
          },
          { timeout: 25_000, interval: 500 },
        )
        .toBeLessThan(10);
      expect(healthy.every((status) => status === 200)).toBe(true);
      expect(
        held.every((socket) => !socket.destroyed),
        'the client never closed one',
      ).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
    }
    expect(site.output()).toMatch(/"status":400[^\n]*"msg":"Refused before the app"/);
  },
);
