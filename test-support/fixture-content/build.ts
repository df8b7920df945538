import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/** Where the site built with the fixture content goes: its server is `dist/server/server.js` under it. */
export const fixtureBuildDir = path.resolve('.tmp/fixture-content');
export const fixtureServerScript = path.join(fixtureBuildDir, 'dist/server/server.js');

/**
 * Builds the site as `npm run build` does (client, then server), with the studio's content files replaced by this
 * folder's. The server finds public/ beside its build, as in a release: a link to the project's own.
 */
export async function buildWithFixtureContent(): Promise<void> {
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const config = path.resolve('test-support/fixture-content/vite.config.ts');
  for (const ssr of [[], ['--ssr']])
    await promisify(execFile)(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn', ...ssr]);
  mkdirSync(fixtureBuildDir, { recursive: true });
  const publicLink = path.join(fixtureBuildDir, 'public');
  if (!existsSync(publicLink)) symlinkSync(path.resolve('public'), publicLink, 'dir');
}
