import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { staleBuild } from '../scripts/build-if-stale.ts';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { withFileLock } from '../src/server/files/file-lock.server.ts';

const run = promisify(execFile);
let built: Promise<void> | undefined;

/**
 * For the unit suite's tests of a real server process: `npm start`'s build-if-stale, once per test process and
 * under a lock, so that two test files never build at once, then the production server on a free port.
 */
export async function startProductionServer(env: Record<string, string>): Promise<RunningServer> {
  built ??= (async () => {
    mkdirSync('node_modules/.cache', { recursive: true });
    await withFileLock(
      'node_modules/.cache/production-build',
      async () => {
        if (staleBuild(process.cwd())) await run('npm', ['run', 'build'], { maxBuffer: 64 * 1024 * 1024 });
      },
      { retries: { retries: 120, minTimeout: 1_000, maxTimeout: 1_000 } },
    );
  })();
  await built;
  return startServer({ PORT: String(await freePort()), DATA_FILE: 'data/db.json', ...env });
}
