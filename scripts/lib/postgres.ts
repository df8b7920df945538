import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';

/**
 * For tests and benchmarks: a real PostgreSQL server of its own, Debian's, in a temporary folder on 127.0.0.1
 * (initdb, then pg_ctl), run as the `postgres` user when this process is root (PostgreSQL refuses root). Stopped
 * and removed by `stop()`.
 */
export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trusted without a password. */
  url: string;
  port: number;
  /** Stops the server (`fast`: open connections are closed) and, unless `keep`, removes its folder. */
  stop(options?: { keep?: boolean }): Promise<void>;
  /** Starts it again on the same port and data (after `stop({ keep: true })`). */
  start(): Promise<void>;
  /** A new empty database on this server; its URL. */
  createDatabase(name?: string): Promise<string>;
  /**
   * Stops (SIGSTOP) or continues (SIGCONT) every process of the server: stopped, it takes connections and
   * queries and answers none, as a partitioned or failed-over database does.
   */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void;
}

const run = promisify(execFile);

/** Debian keeps PostgreSQL's programs in /usr/lib/postgresql/<version>/bin, not on the PATH. */
export function postgresBin(program: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', program)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], 'bin', program);
  return program;
}

const asRoot = userInfo().uid === 0;

/** Runs a PostgreSQL program as the postgres user when we are root. */
function command(program: string, args: string[]): [string, string[]] {
  const bin = postgresBin(program);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

async function exec(program: string, args: string[]): Promise<void> {
  const [file, argv] = command(program, args);
  try {
    await run(file, argv, { timeout: 60_000 });
  } catch (error) {
    const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${program} failed: ${stderr || stdout || message}`);
  }
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'nms-postgres-'));
  const data = join(dir, 'data');
  const port = await freePort();
  if (asRoot) {
    const { uid, gid } = await run('id', ['-u', 'postgres']).then(async ({ stdout }) => ({
      uid: Number(stdout),
      gid: Number((await run('id', ['-g', 'postgres'])).stdout),
    }));
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // Tests open many connections at once (two instances, pools, a benchmark): more than the default 100.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300`;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  };
  await start();
  let counter = 0;
  return {
    url,
    port,
    start,
    async stop({ keep = false } = {}) {
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
    signal(signal) {
      const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = (pid: number): number[] => {
        try {
          const ids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
          return ids.map(Number).flatMap((id) => [id, ...children(id)]);
        } catch {
          return [];
        }
      };
      for (const pid of [postmaster, ...children(postmaster)]) process.kill(pid, signal);
    },
    async createDatabase(name = `test_${process.pid}_${Date.now().toString(36)}_${(counter += 1)}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
  };
}

/** Runs `main` with a server started for it, stopped afterwards whatever happens (for scripts). */
export async function withTestPostgres<T>(main: (server: TestPostgres) => Promise<T>): Promise<T> {
  const server = await startTestPostgres();
  const stopOnSignal = () => void server.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  try {
    return await main(server);
  } finally {
    process.off('SIGINT', stopOnSignal);
    await server.stop();
  }
}
