import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Every module of the repository that importing `path` loads, in a fresh Node process (tsx, as the CLI runs). */
async function modulesLoadedBy(path: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'test-support/imported-modules.ts', path],
    { cwd: root },
  );
  return (JSON.parse(stdout) as string[]).map((url) => fileURLToPath(url).slice(root.length));
}

describe('the enquiry tools load no page, component or browser module', { timeout: 60_000 }, () => {
  test.each([
    // What `npm run enquiries` runs (scripts/enquiries.ts calls it).
    'scripts/lib/enquiries-cli.ts',
    'src/server/enquiries/file-store/file-store.server.ts',
    'src/server/enquiries/postgres-store/postgres-store.server.ts',
  ])('%s', async (path) => {
    const loaded = await modulesLoadedBy(path);
    expect(loaded).toContain('src/server/enquiries/enquiry.ts');
    expect(loaded.filter((module) => /^src\/(pages|components|browser)\//.test(module))).toEqual([]);
  });
});
