/**
 * Clients that hold connections by not taking their answers, against a production server of its own: each stalled
 * connection is closed and its files released, one address holds a bounded number of connections, and /healthz
 * answers throughout.
 */
import { readdirSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { RunningServer } from '../../scripts/lib/server-process.ts';
import { connectionsPerAddress, stalledAnswerTimeoutMs } from './http-server.server.ts';
import { startProductionServer } from '../../test-support/production-server.ts';
import { tempFolder } from '../../test-support/temp-folder.ts';

const servers: RunningServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await server.stop();
});

async function start(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startProductionServer({
    ENQUIRIES_FILE: path.join(tempFolder('slow-readers-'), 'enquiries.json'),
    ...env,
  });
  servers.push(server);
  return server;
}

const openFiles = (server: RunningServer) => readdirSync(`/proc/${server.process.pid}/fd`).length;

/** A connection that sends `bytes`, then neither reads what comes back nor closes its side. */
function hold(server: RunningServer, bytes: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(new URL(server.url).port), host: '127.0.0.1', allowHalfOpen: true });
    sockets.push(socket);
    socket.pause();
    socket.on('error', () => {});
    socket.once('connect', () => socket.write(bytes, () => resolve(socket)));
    socket.once('error', reject);
  });
}

/** The largest built script: the hydrate function with React DOM. */
function largestScript(): string {
  const size = (file: string) => statSync(path.join('dist/client/assets', file)).size;
  const scripts = readdirSync('dist/client/assets').filter((file) => file.endsWith('.js'));
  return scripts.reduce((largest, file) => (size(file) > size(largest) ? file : largest));
}

describe('a client that stops taking its answers', { timeout: 120_000 }, () => {
  test(`30 connections pipelining 20 requests each for the largest script and reading nothing are closed once nothing moves for ${stalledAnswerTimeoutMs / 1000} s: their files are released, and /healthz answers throughout`, async () => {
    const server = await start();
    const script = `/assets/${largestScript()}`;
    const before = openFiles(server);
    const request = `GET ${script} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\n\r\n`;
    for (let i = 0; i < 30; i += 1) await hold(server, request.repeat(20));
    // Each holds its connection and the file it streams.
    await expect.poll(() => openFiles(server) - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(55);

    const health: number[] = [];
    await expect
      .poll(
        async () => {
          health.push((await fetch(`${server.url}/healthz`)).status);
          return openFiles(server) - before;
        },
        // Node lets a stalled write one more period before it gives up on it.
        { timeout: 2 * stalledAnswerTimeoutMs + 15_000, interval: 1_000 },
      )
      .toBeLessThan(5);
    expect(health.length).toBeGreaterThan(5);
    expect(health.every((status) => status === 200)).toBe(true);
  });

  test(`one address holds at most ${connectionsPerAddress} connections; those past it are closed at once and logged`, async () => {
    // The test's client is on loopback, which TRUST_PROXY trusts by default: name another proxy instead.
    const server = await start({ TRUST_PROXY: '192.0.2.1' });
    const closed: number[] = [];
    for (let i = 0; i < connectionsPerAddress + 20; i += 1) {
      const socket = await hold(server, '');
      // Its side stays open (allowHalfOpen): the server's closing is the end of what it reads.
      socket.once('end', () => closed.push(i));
      socket.resume();
    }
    // This process's own keep-alive connections to the server (the start's health checks) count as well.
    await expect.poll(() => closed.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(20);
    expect(closed.length).toBeLessThanOrEqual(22);
    expect(Math.min(...closed)).toBeGreaterThanOrEqual(connectionsPerAddress - 2);
    for (const socket of sockets.splice(0)) socket.destroy();
    await vi.waitFor(async () => expect((await fetch(`${server.url}/healthz`)).status).toBe(200));
    expect(server.output()).toMatch(/"code":"TOO_MANY_CONNECTIONS"[^\n]*"msg":"Refused before the app"/);
  });
});
