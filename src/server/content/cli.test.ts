import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { withStoreLock } from './content-store.server.ts';
import { loadFormSecret } from '../enquiries/form-token.server.ts';
import { previewLinks } from '../preview-links.server.ts';
import { readStore } from '../store.server.ts';
import request from 'supertest';
import { runContentCommand } from '../../../scripts/lib/content-cli.ts';
import { runCommand, runScript, spawnScript } from '../../../scripts/lib/run-script.ts';
import { createTestApp } from '../../../test-support/server.ts';
import { fixtureStore, makeWorkspace, newPostFront, type Workspace } from '../../../test-support/content.ts';

/** The command's own code in this process, output captured: most behaviours need no process of their own. */
const cli = (args: string[], env: Record<string, string> = {}) => runCommand(runContentCommand, args, env);
/** `npm run content` as operators run it, in a process of its own: its exit status and output streams. */
const processCli = (args: string[]) => runScript('content.ts', args);
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
      for (const command of [
        'add',
        'publish',
        'preview',
        'list',
        'remove',
        'categories',
        'check',
        'export',
        'import',
      ]) {
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
      const run = await processCli(['add', file, '--data', ws.dataFile, '--public', ws.publicDir]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `error: ${file}: a post with slug "first-post" already exists (id 1); use --update to replace it\n`,
      );
      expect((await ws.storeBytes()).equals(before)).toBe(true);
      const unknown = await cli(['unpublish', 'x']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("error: unknown command 'unpublish'");
    },
    timeout,
  );

  test(
    'add --draft, preview and publish: the workflow an author follows',
    async () => {
      const env = { SITE_URL: 'https://studio.example', ENQUIRIES_FILE: join(ws.dir, 'data', 'enquiries.json') };
      const file = await ws.postFile('winter.md', newPostFront({ slug: 'winter-menu' }));
      const add = await cli(['add', file, '--draft', '--data', ws.dataFile, '--public', ws.publicDir]);
      expect(add).toMatchObject({ code: 0, stderr: '' });
      expect(add.stdout).toContain(
        '(slug winter-menu, id 2, Email Marketing), a draft (see it with: npm run content -- preview winter-menu)',
      );
      const table = await cli(['list', '--data', ws.dataFile]);
      expect(table.stdout).toMatch(/^winter-menu\s+.*\s+email-marketing\s+-\s+draft$/m);
      expect(table.stdout).toContain('2 posts (1 published, 0 scheduled, 1 draft)');

      // No key yet (no server has started with this ENQUIRIES_FILE): a link signed now would work nowhere.
      const keyFile = join(ws.dir, 'data', 'form-secret');
      const noKey = await cli(['preview', 'winter-menu', '--data', ws.dataFile], env);
      expect(noKey).toMatchObject({ code: 1, stdout: '' });
      expect(noKey.stderr).toBe(
        `error: no key to sign the link with: set FORM_SECRET as the servers have it, or start the server once so that it makes ${keyFile}\n`,
      );
      const key = await loadFormSecret(keyFile);

      const preview = await cli(['preview', 'winter-menu', '--days', '3', '--data', ws.dataFile], env);
      expect(preview).toMatchObject({ code: 0, stderr: '' });
      expect(preview.stdout).toMatch(/^https:\/\/studio\.example\/blog\/preview\/winter-menu\.[0-9a-z]+\.[\w-]{43}\n$/);
      // Signed with the key the server reads: the file beside ENQUIRIES_FILE.
      const token = preview.stdout.trim().split('/').pop()!;
      const { previewKey } = (await ws.storeData()).posts.find((post) => post.slug === 'winter-menu')!;
      expect(previewLinks(key).verify(token, () => previewKey)).toEqual({ slug: 'winter-menu', expired: false });
      const withoutSiteUrl = await cli(['preview', 'winter-menu', '--data', ws.dataFile], { ...env, SITE_URL: '' });
      expect(withoutSiteUrl.code).toBe(0);
      expect(withoutSiteUrl.stdout).toMatch(/^http:\/\/localhost:3000\/blog\/preview\//);
      expect(withoutSiteUrl.stderr).toBe('warning: SITE_URL is not set: the link starts with http://localhost:3000\n');

      // The client's review is over: every link sent so far ends.
      const revoke = await cli(['preview', 'winter-menu', '--revoke', '--data', ws.dataFile], env);
      expect(revoke).toMatchObject({
        code: 0,
        stderr: '',
        stdout: 'ended every preview link made so far for "Winter Menu Ideas for Newcastle Cafes" (slug winter-menu)\n',
      });
      const renewed = (await ws.storeData()).posts.find((post) => post.slug === 'winter-menu')!.previewKey;
      expect(renewed).not.toBe(previewKey);
      expect(previewLinks(key).verify(token, () => renewed)).toBeUndefined();
      const both = await cli(['preview', 'winter-menu', '--revoke', '--days', '3', '--data', ws.dataFile], env);
      expect(both).toMatchObject({ code: 1, stderr: 'error: --revoke makes no link: leave out --days\n' });

      const publish = await cli(['publish', 'winter-menu', '--data', ws.dataFile]);
      expect(publish).toMatchObject({ code: 0, stderr: '' });
      expect(publish.stdout).toMatch(
        /^"Winter Menu Ideas for Newcastle Cafes" \(slug winter-menu, id 2\) published \d{4}-/,
      );
      const again = await cli(['preview', 'winter-menu', '--data', ws.dataFile], env);
      expect(again).toMatchObject({ code: 1, stdout: '' });
      expect(again.stderr).toBe(
        'error: post "winter-menu" is already published: https://studio.example/blog/winter-menu (a preview is for a draft or a scheduled post)\n',
      );
    },
    timeout,
  );

  test(
    'a link ended by --revoke stays ended after an import of an export made before it',
    async () => {
      const env = { SITE_URL: 'https://studio.example', FORM_SECRET: 'a-shared-form-secret-of-at-least-32-characters' };
      const file = await ws.postFile('winter.md', newPostFront({ slug: 'winter-menu' }));
      await cli(['add', file, '--draft', '--data', ws.dataFile, '--public', ws.publicDir]);
      const link = new URL((await cli(['preview', 'winter-menu', '--data', ws.dataFile], env)).stdout.trim()).pathname;
      const backup = join(ws.dir, 'backup');
      expect(await cli(['export', backup, '--data', ws.dataFile, '--public', ws.publicDir])).toMatchObject({ code: 0 });
      /** What the site answers at the link, read from the store as it is now. */
      const answerAtLink = async () => {
        const server = await createTestApp({ file: ws.dataFile, env });
        try {
          return await request(server.app).get(link);
        } finally {
          server.close();
        }
      };
      expect((await answerAtLink()).status).toBe(200);
      await cli(['preview', 'winter-menu', '--revoke', '--data', ws.dataFile], env);
      const restore = await cli(['import', backup, '--data', ws.dataFile, '--public', ws.publicDir]);
      expect(restore).toMatchObject({ code: 0 });
      const ended = await answerAtLink();
      expect(ended.status).toBe(404);
      expect(ended.text).toContain('Blog Post Not Found');
    },
    timeout,
  );

  test(
    'a backup’s post brought back by import shows at none of the links of the post now under its slug, nor the other way',
    async () => {
      const env = { SITE_URL: 'https://studio.example', FORM_SECRET: 'a-shared-form-secret-of-at-least-32-characters' };
      const data = ['--data', ws.dataFile];
      const draftA = await ws.postFile('a.md', newPostFront({ slug: 'winter-menu', title: 'Draft A' }));
      await cli(['add', draftA, '--draft', ...data, '--public', ws.publicDir]);
      const linkA = new URL((await cli(['preview', 'winter-menu', ...data], env)).stdout.trim()).pathname;
      const backup = join(ws.dir, 'backup');
      expect(await cli(['export', backup, ...data, '--public', ws.publicDir])).toMatchObject({ code: 0 });
      expect(await cli(['remove', 'winter-menu', ...data])).toMatchObject({ code: 0 });
      const draftB = await ws.postFile('b.md', newPostFront({ slug: 'winter-menu', title: 'Draft B' }));
      await cli(['add', draftB, '--draft', ...data, '--public', ws.publicDir]);
      const linkB = new URL((await cli(['preview', 'winter-menu', ...data], env)).stdout.trim()).pathname;
      expect(await cli(['import', backup, ...data, '--public', ws.publicDir])).toMatchObject({ code: 0 });

      const server = await createTestApp({ file: ws.dataFile, env });
      try {
        for (const link of [linkA, linkB]) {
          const answer = await request(server.app).get(link);
          expect(answer.status, link).toBe(404);
          expect(answer.text).not.toMatch(/Draft [AB]/);
        }
      } finally {
        server.close();
      }
    },
    timeout,
  );

  test(
    'preview refuses a bad --days, an unknown slug and a bad configuration with one error line',
    async () => {
      const env = { FORM_SECRET: 'x'.repeat(32) };
      for (const days of ['0', '31', 'soon']) {
        const run = await cli(['preview', 'first-post', '--days', days, '--data', ws.dataFile], env);
        expect(run).toMatchObject({
          code: 1,
          stdout: '',
          stderr: `error: --days must be a whole number from 1 to 30 (got "${days}")\n`,
        });
      }
      const unknown = await cli(['preview', 'nope', '--data', ws.dataFile], env);
      expect(unknown).toMatchObject({
        code: 1,
        stderr: 'error: no post with slug "nope" (see: npm run content -- list)\n',
      });
      const badUrl = await cli(['preview', 'first-post', '--data', ws.dataFile], { ...env, SITE_URL: 'studio' });
      expect(badUrl.code).toBe(1);
      expect(badUrl.stderr).toMatch(/^error: Invalid configuration: SITE_URL must be an absolute http\(s\) URL/);
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
      // Before the summary: what ends with the offer's default package, a warning, not a problem.
      expect(ok.stdout).toMatch(
        /\nOK .*db\.json: 1 posts \(1 published, 0 scheduled\), 2 categories, 1 featured images found\n$/,
      );
      expect(ok.stdout).toContain('as neither they nor their category name one: first-post');
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
        files.map((file) => processCli(['add', file, '--data', ws.dataFile, '--public', ws.publicDir])),
      );
      for (const run of runs) {
        expect(run.code).toBe(0);
        // Commands that had to queue say so, and nothing else.
        for (const line of run.stderr.split('\n').filter(Boolean))
          expect(line).toMatch(/^warning: waiting for the lock on /);
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
