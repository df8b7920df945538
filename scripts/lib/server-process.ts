import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface RunningServer {
  process: ChildProcess;
  url: string;
  /** Milliseconds from spawn until /healthz answered. */
  startupMs: number;
  output: () => string;
  stop: () => Promise<number | null>;
}

/**
 * The V8 settings `npm start` gives node, read from package.json so that benchmarks run the server as
 * operators do. A bounded young generation and slower old-generation growth keep one process near 130–140 MiB
 * under load instead of 175 MiB (docs/performance.md).
 */
export const serverNodeFlags: string[] = (() => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const match = /\bnode((?: --[\w-]+(?:=\S+)?)*) dist\/server\/server\.js/.exec(scripts.start ?? '');
  if (!match) throw new Error('package.json "start" does not run node dist/server/server.js');
  return match[1]!.trim().split(' ').filter(Boolean);
})();

/** A port the OS says is free now (listen on 0, read it, close): for tests that need a server of their own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the production build as one process (no npm wrapper, so that stopping it stops the server). */
export function startServer(env: Record<string, string>, script = 'dist/server/server.js'): Promise<RunningServer> {
  return startNodeServer([...serverNodeFlags, script], { NODE_ENV: 'production', ...env });
}

/**
 * Starts `node <args>` as one process and waits until its /healthz answers on `env.PORT` (within `startupLimitMs`:
 * the development server compiles its first page on the way).
 */
export async function startNodeServer(
  args: string[],
  env: Record<string, string>,
  startupLimitMs = 60_000,
): Promise<RunningServer> {
  const port = env.PORT ?? '3100';
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startupLimitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startupMs = performance.now() - started;
  return {
    process: child,
    url,
    startupMs,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** Peak resident memory of a process (and of its cluster workers, summed), in MiB, from /proc. */
export function peakRssMiB(pid: number): number {
  const read = (id: number) => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    children = [];
  }
  return read(pid) + children.reduce((sum, child) => sum + read(child), 0);
}

export function currentRssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Clock ticks per second, the unit of a process's CPU times in /proc. */
let clockTicks: number | undefined;

/** CPU time a process has used so far, user and system, all its threads (libuv's pool included), in ms. */
export function cpuTimeMs(pid: number): number {
  // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}
