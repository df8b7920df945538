import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { tempFolder } from '../test-support/temp-folder.ts';

const run = promisify(execFile);
const script = fileURLToPath(new URL('build-if-stale.ts', import.meta.url));

/** A project whose build writes the two files a real build ends with, and counts how often it ran. */
function project(): string {
  const root = tempFolder('nms-start-');
  const build = [
    "const fs = require('node:fs');",
    "fs.mkdirSync('dist/server', { recursive: true }); fs.mkdirSync('dist/client/.vite', { recursive: true });",
    "fs.writeFileSync('dist/server/server.js', ''); fs.writeFileSync('dist/client/.vite/manifest.json', '{}');",
    "fs.appendFileSync('builds.log', 'built\\n');",
  ].join(' ');
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ scripts: { build: `node -e "${build}"` } }));
  writeFileSync(path.join(root, 'package-lock.json'), '{}');
  mkdirSync(path.join(root, 'src/components'), { recursive: true });
  writeFileSync(path.join(root, 'src/components/Footer.tsx'), 'export {}');
  mkdirSync(path.join(root, 'public/images/blog'), { recursive: true });
  return root;
}

async function start(root: string) {
  const { stdout } = await run(process.execPath, ['--import', import.meta.resolve('tsx'), script], { cwd: root });
  const builds = readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean).length;
  return { said: stdout.split('\n').find((line) => line.startsWith('Building first')), builds };
}

/** Dates a file after the build, as `git pull` does to the files it changes. */
function touchLater(root: string, file: string) {
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(root, file), later, later);
}

test('npm start builds when there is no build, and not again while the build is up to date', async () => {
  const root = project();
  expect(await start(root)).toEqual({ said: expect.stringMatching(/there is no build/), builds: 1 });
  expect(await start(root)).toEqual({ said: undefined, builds: 1 });
}, 30_000);

test.each(['src/components/Footer.tsx', 'package-lock.json'])(
  'npm start rebuilds when %s is newer than the build',
  async (file) => {
    const root = project();
    await start(root);
    touchLater(root, file);
    expect(await start(root)).toEqual({ said: `Building first: ${file} is newer than the build`, builds: 2 });
  },
  30_000,
);

test('an image the content command adds needs no rebuild', async () => {
  const root = project();
  await start(root);
  writeFileSync(path.join(root, 'public/images/blog/new-post.webp'), '');
  touchLater(root, 'public/images/blog/new-post.webp');
  expect(await start(root)).toEqual({ said: undefined, builds: 1 });
}, 30_000);
