/**
 * `npm start`'s first step: builds when there is no build, or when the build is older than the sources or the
 * lockfile, so that `git pull && npm start` never serves the previous release's code. Run from the project root.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the build is made from. */
export const buildInputs = [
  'src',
  'public',
  'index.html',
  'server.ts',
  'build',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
/** The last file `npm run build` writes, and one the client build writes. */
const builtFiles = ['dist/server/server.js', 'dist/client/.vite/manifest.json'];
// Images the content command writes are served from public/ as they are: adding a post needs no rebuild.
const ignored = [path.join('public', 'images', 'blog')];

function newestFile(root: string, relative: string): { file: string; mtimeMs: number } | undefined {
  const full = path.join(root, relative);
  if (!existsSync(full) || ignored.includes(relative)) return undefined;
  const stat = statSync(full);
  if (!stat.isDirectory()) return { file: relative, mtimeMs: stat.mtimeMs };
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(full)) {
    const found = newestFile(root, path.join(relative, entry));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** Why the build must be made again, or undefined when it is up to date. */
export function staleBuild(root: string): string | undefined {
  const missing = builtFiles.find((file) => !existsSync(path.join(root, file)));
  if (missing) return `there is no build (${missing} is missing)`;
  const builtAt = Math.min(...builtFiles.map((file) => statSync(path.join(root, file)).mtimeMs));
  for (const input of buildInputs) {
    const newest = newestFile(root, input);
    if (newest && newest.mtimeMs > builtAt) return `${newest.file} is newer than the build`;
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const reason = staleBuild(process.cwd());
  if (reason) {
    console.log(`Building first: ${reason}`);
    execSync('npm run build', { stdio: 'inherit' });
  }
}
