import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { withStoreLock } from './content-store.server.ts';
import { readStore } from '../store.server.ts';
import { runScript, spawnScript } from '../../../scripts/lib/run-script.ts';
import { fixtureStore, makeWorkspace, newPostFront, type Workspace } from './test-fixtures.ts';

const cli = (args: string[], env: Record<string, string> = {}) => runScript('content.ts', args, env);
const spawnCli = (args: string[], onStdout?: (chunk: string, close: () => void) => void) =>
  spawnScript('content.ts', args, {}, onStdout);

let ws: Workspace;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(async () => {
  await ws.cleanup();
});

const timeout = 60_000;

describe('content CLI', () => {
  test(
    '--help lists every command',
    async () => {
      const run = await cli(['--help']);
      expect(run.code).toBe(0);
      for (const command of ['add', 'list', 'remove', 'categories', 'check', 'export', 'import']) {
        expect(run.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
      }
      const categories = await cli(['categories', '--help']);
      for (const command of ['list', 'add', 'rename', 'remove']) {
        expect(categories.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
      }
      const add = await cli(['add', '--help']);
      expect(add.stdout).toContain('--update');
      expect(add.stdout).toContain('--data <file>');
      expect(add.stdout).toContain('--public <dir>');
    },
    timeout,
  );

  test(
    'add prints what it did and list --json shows the post as scheduled',
    async () => {
      const file = await ws.postFile('p.md', newPostFront({ slug: 'later', publishedAt: '2099-01-01T09:00:00.000Z' }));
      const add = await cli(['add', file, '--data', ws.dataFile, '--public', ws.publicDir]);
      expect(add).toMatchObject({ code: 0, stderr: '' });
      expect(add.stdout).toContain(
        'added "Winter Menu Ideas for Newcastle Cafes" (slug later, id 2, Email Marketing), scheduled for 2099-01-01T09:00:00.000Z',
      );
      const list = await cli(['list', '--json', '--data', ws.dataFile]);
      expect(list.code).toBe(0);
      expect((JSON.parse(list.stdout) as { slug: string; state: string }[]).map((p) => [p.slug, p.state])).toEqual([
        ['later', 'scheduled'],
        ['first-post', 'published'],
      ]);
      const table = await cli(['list', '--data', ws.dataFile]);
      expect(table.stdout).toMatch(/^SLUG\s+TITLE\s+CATEGORY\s+PUBLISHED AT\s+STATE$/m);
      expect(table.stdout).toMatch(
        /^later\s+Winter Menu Ideas for Newcastle Cafes\s+email-marketing\s+2099-01-01T09:00:00.000Z\s+scheduled$/m,
      );
    },
    timeout,
  );

  test(
    'a failing command prints error: <message> on stderr, exits 1 and leaves the store unchanged',
    async () => {
      const before = await ws.storeBytes();
      const file = await ws.postFile('d.md', newPostFront({ slug: 'first-post' }));
      const run = await cli(['add', file, '--data', ws.dataFile, '--public', ws.publicDir]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `error: ${file}: a post with slug "first-post" already exists (id 1); use --update to replace it\n`,
      );
      expect((await ws.storeBytes()).equals(before)).toBe(true);
      const unknown = await cli(['publish', 'x']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("error: unknown command 'publish'");
    },
    timeout,
  );

  test(
    'DATA_FILE is the default store',
    async () => {
      const run = await cli(['remove', 'first-post'], { DATA_FILE: ws.dataFile });
      expect(run).toMatchObject({ code: 0, stdout: 'removed "First Post" (slug first-post, id 1)\n' });
      expect((await readStore(ws.dataFile)).posts).toEqual([]);
    },
    timeout,
  );

  test(
    'check prints an OK summary, or every problem with exit status 1',
    async () => {
      await rm(join(ws.publicDir, 'images', 'blog', 'existing.webp'));
      const ok = await cli(['check', '--data', ws.dataFile, '--public', ws.publicDir]);
      expect(ok).toMatchObject({ code: 0, stderr: '' });
      expect(ok.stdout).toMatch(
        /^OK .*db\.json: 1 posts \(1 published, 0 scheduled\), 2 categories, 1 featured images found\n$/,
      );
      const bad = await cli(['check', '--data', ws.dataFile, '--public', join(ws.dir, 'elsewhere')]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(
        '1 problem\n  - post "first-post": featuredImage "/images/blog/first.webp" does not exist',
      );
    },
    timeout,
  );

  test(
    'categories add and categories list',
    async () => {
      const add = await cli(['categories', 'add', 'Branding', '--data', ws.dataFile]);
      expect(add).toMatchObject({ code: 0, stdout: 'added category "Branding" (slug branding, id 3)\n' });
      const list = await cli(['categories', 'list', '--json', '--data', ws.dataFile]);
      expect(JSON.parse(list.stdout)).toEqual([
        { id: 1, name: 'Local SEO', slug: 'local-seo', posts: 1 },
        { id: 2, name: 'Email Marketing', slug: 'email-marketing', posts: 0 },
        { id: 3, name: 'Branding', slug: 'branding', posts: 0 },
      ]);
    },
    timeout,
  );

  test(
    'two concurrent adds of different posts, run as separate processes, both end up in the store',
    async () => {
      const files = await Promise.all(
        [0, 1, 2, 3].map((i) => ws.postFile(`p${i}.md`, newPostFront({ slug: `parallel-${i}` }))),
      );
      const runs = await Promise.all(
        files.map((file) => cli(['add', file, '--data', ws.dataFile, '--public', ws.publicDir])),
      );
      for (const run of runs) {
        expect(run.code).toBe(0);
        // Commands that had to queue say so, and nothing else.
        for (const line of run.stderr.split('\n').filter(Boolean)) expect(line).toMatch(/^warning: waiting for the lock on /);
      }
      const slugs = (await readStore(ws.dataFile)).posts.map((p) => p.slug).sort();
      expect(slugs).toEqual(['first-post', 'parallel-0', 'parallel-1', 'parallel-2', 'parallel-3']);
    },
    timeout,
  );

  test(
    'export then import through the CLI round-trips the store',
    async () => {
      const out = join(ws.dir, 'out');
      const exported = await cli(['export', out, '--data', ws.dataFile, '--public', ws.publicDir]);
      expect(exported).toMatchObject({
        code: 0,
        stdout: `exported 1 posts, 2 categories and 1 image files to ${out}\n`,
      });
      // Into a fresh site (no store, an empty public/): exit 0, no warning, the image back in place.
      const rebuilt = join(ws.dir, 'fresh', 'data', 'db.json');
      const freshPublic = join(ws.dir, 'fresh', 'public');
      const imported = await cli(['import', out, '--data', rebuilt, '--public', freshPublic]);
      expect(imported).toMatchObject({ code: 0, stderr: '' });
      expect(await readStore(rebuilt)).toEqual(await readStore(ws.dataFile));
      expect(await readFile(join(freshPublic, 'images', 'blog', 'first.webp'), 'utf8')).toBe('webp');
    },
    timeout,
  );

  test(
    'list piped into a reader that stops early (| head) ends quietly with status 0',
    async () => {
      const [first] = fixtureStore.posts;
      const posts = Array.from({ length: 3000 }, (_, i) => ({ ...first!, id: i + 1, slug: `post-${i + 1}` }));
      await writeFile(ws.dataFile, JSON.stringify({ categories: fixtureStore.categories, posts }));
      let read = '';
      const run = spawnCli(['list', '--data', ws.dataFile], (chunk, close) => {
        read += chunk;
        close();
      });
      expect(await run.exit).toBe(0);
      expect(read).toMatch(/^SLUG/);
      expect(run.stderr()).toBe('');
    },
    timeout,
  );

  test(
    'a command that has to wait for the lock says so at once on stderr, then finishes',
    async () => {
      const file = await ws.postFile('w.md', newPostFront({ slug: 'waiting' }));
      let run: ReturnType<typeof spawnCli> | undefined;
      await withStoreLock(ws.dataFile, async () => {
        run = spawnCli(['add', file, '--data', ws.dataFile, '--public', ws.publicDir]);
        await vi.waitFor(() => expect(run?.stderr()).toContain('waiting for the lock'), {
          timeout: 30_000,
          interval: 50,
        });
      });
      expect(await run?.exit).toBe(0);
      expect(run?.stderr()).toMatch(
        new RegExp(`^warning: waiting for the lock on .*db\\.json held since .* \\(pid ${process.pid}\\); `),
      );
    },
    timeout,
  );
});
