import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { maxContentLength } from '../lib/store-schema.ts';
import { BlogStore, readStore } from './store.server.ts';
import { createTestApp, testStore, writeTempStore } from '../../test-support/server.ts';
import { tempFolder } from '../../test-support/temp-folder.ts';

const run = promisify(execFile);
/** What a launched studio without SMTP_URL and without a newsletter issue is still told (the test store has none). */
const newsletterWarnings = [
  expect.stringMatching(/^The newsletter sign-up is hidden: no confirmation can be sent/),
  expect.stringMatching(/^The newsletter has no issue yet/),
];
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

async function testApp(env: Record<string, string | undefined> = {}) {
  const app = await createTestApp({ data: testStore(3), env });
  cleanups.push(app.close);
  return app;
}

describe('/healthz while the store on disk is bad', () => {
  test('stays 200, says degraded with the reason, and the pages keep the last good data', async () => {
    const { app, store, file } = await testApp();
    writeFileSync(file, '{"categories": [');
    expect(await store.reload()).toBe(false);
    const degraded = await request(app).get('/healthz').expect(200);
    // Public: what is wrong in words, never the file's path (the log has it).
    expect(degraded.body).toEqual({
      status: 'degraded',
      reason: 'the blog store is not valid JSON',
      warnings: newsletterWarnings,
    });
    expect(degraded.text).not.toContain(file);
    expect(degraded.text).not.toContain('db.json');
    expect((await request(app).get('/blog/post-1').expect(200)).text).toContain('Post 1');

    writeFileSync(file, JSON.stringify(testStore(4)));
    expect(await store.reload()).toBe(true);
    expect((await request(app).get('/healthz').expect(200)).body).toEqual({
      status: 'ok',
      warnings: newsletterWarnings,
    });
    await request(app).get('/blog/post-4').expect(200);
  });

  test('the log says it once per change, not on every check', async () => {
    const temp = writeTempStore(testStore(2));
    cleanups.push(temp.remove);
    const lines: string[] = [];
    const store = await BlogStore.open(temp.file, {
      info: (line) => lines.push(`info: ${line}`),
      error: (line) => lines.push(`error: ${line}`),
    });
    cleanups.push(() => store.close());
    writeFileSync(temp.file, '{');
    await store.reload();
    await store.reload();
    writeFileSync(temp.file, JSON.stringify({ categories: [], posts: 'none' }));
    await store.reload();
    await store.reload();
    writeFileSync(temp.file, JSON.stringify(testStore(3)));
    await store.reload();
    expect(lines).toEqual([
      expect.stringMatching(/^error: Store not readable, keeping the last good data: .*db\.json: not valid JSON/),
      expect.stringMatching(/^error: Store not readable, keeping the last good data: .*db\.json: posts: /),
      expect.stringMatching(/^info: Store readable again, reloaded from .*db\.json \(3 posts\)$/),
    ]);
  });

  test('a process started while the file is bad serves the last good copy it is given, degraded', async () => {
    const temp = writeTempStore('not json');
    cleanups.push(temp.remove);
    const errors: string[] = [];
    const store = await BlogStore.open(
      temp.file,
      { info: () => {}, error: (line) => errors.push(line) },
      { lastGood: async () => JSON.stringify(testStore(2)) },
    );
    cleanups.push(() => store.close());
    expect(store.index.publicPosts).toHaveLength(2);
    expect(store.health).toEqual({ status: 'degraded', reason: expect.stringMatching(/not valid JSON/) });
    expect(errors).toHaveLength(1);
  });
});

describe('production without SITE_URL', () => {
  test('every response carries noindex, robots.txt disallows all, /healthz warns and stays ok', async () => {
    const { app } = await testApp({ SITE_URL: '' });
    for (const url of ['/', '/blog/post-1', '/api/blog/posts', '/sitemap.xml', '/robots.txt', '/nothing', '/healthz']) {
      expect((await request(app).get(url)).headers['x-robots-tag'], url).toBe('noindex');
    }
    expect((await request(app).get('/robots.txt').expect(200)).text).toBe('User-agent: *\nDisallow: /\n');
    expect((await request(app).get('/healthz').expect(200)).body).toEqual({
      status: 'ok',
      warnings: [expect.stringMatching(/^SITE_URL is not set: .*not to index/), ...newsletterWarnings],
    });
  });

  test('setting SITE_URL removes all three', async () => {
    const { app } = await testApp({ SITE_URL: 'https://studio.example' });
    for (const url of ['/', '/api/blog/posts', '/robots.txt']) {
      expect((await request(app).get(url)).headers['x-robots-tag'], url).toBeUndefined();
    }
    expect((await request(app).get('/robots.txt')).text).toContain('Allow: /\n');
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok', warnings: newsletterWarnings });
  });

  test('the start says so in one warning line', async () => {
    const temp = writeTempStore('{');
    cleanups.push(temp.remove);
    // The bad store stops the start right after the configuration has been read and its warnings said.
    const result = await run(process.execPath, ['--import', 'tsx', 'server.ts'], {
      env: { ...process.env, NODE_ENV: 'production', SITE_URL: '', DATA_FILE: temp.file, PORT: '3999' },
    }).catch((error: { stdout: string }) => error);
    const warnings = result.stdout.split('\n').filter((line) => line.includes('SITE_URL'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, msg: expect.stringMatching(/^SITE_URL is not set/) });
  }, 30_000);
});

describe('production where a lead could sit unseen', () => {
  const noChannel = { ALERT_WEBHOOK_URL: undefined };
  const defaultContact = { CONTACT_PHONE: undefined, CONTACT_EMAIL: undefined };

  test.each([
    [
      'no channel reaches a person',
      noChannel,
      [/^No channel reaches a person: .*SMTP_URL.*HUBSPOT_PORTAL_ID.*ALERT_WEBHOOK_URL/],
    ],
    [
      'the contact details are the defaults',
      defaultContact,
      [/^CONTACT_PHONE is the placeholder/, /^CONTACT_EMAIL is the placeholder/],
    ],
  ])('%s: /healthz lists each under warnings and stays ok, and the site serves', async (_case, env, expected) => {
    const { app } = await testApp(env);
    expect((await request(app).get('/healthz').expect(200)).body).toEqual({
      status: 'ok',
      warnings: [...expected.map((line) => expect.stringMatching(line)), ...newsletterWarnings],
    });
    await request(app).get('/').expect(200);
  });

  test('a visitor, even one a trusted proxy forwards, learns how many warnings there are, not their words', async () => {
    const { app } = await testApp(noChannel);
    const visitor = await request(app).get('/healthz').set('X-Forwarded-For', '203.0.113.9').expect(200);
    expect(visitor.body).toEqual({ status: 'ok', warningCount: 1 + newsletterWarnings.length });
    expect(JSON.stringify(visitor.body)).not.toMatch(/channel|SMTP|HUBSPOT/i);
  });

  test('the start says each in a warning line: a fresh clone in production, with nothing set', async () => {
    const temp = writeTempStore('{');
    cleanups.push(temp.remove);
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_FILE: temp.file, PORT: '3999' };
    for (const name of ['SITE_URL', 'SMTP_URL', 'HUBSPOT_PORTAL_ID', 'HUBSPOT_FORM_ID', 'ALERT_WEBHOOK_URL'])
      delete env[name];
    delete env.CONTACT_PHONE;
    delete env.CONTACT_EMAIL;
    // The bad store stops the start right after the configuration has been read and its warnings said.
    const result = await run(process.execPath, ['--import', 'tsx', 'server.ts'], { env }).catch(
      (error: { stdout: string }) => error,
    );
    const warnings = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40)
      .map((line) => line.msg);
    expect(warnings).toEqual([
      expect.stringMatching(/^SITE_URL is not set/),
      expect.stringMatching(/^No channel reaches a person/),
      expect.stringMatching(/^CONTACT_PHONE is the placeholder/),
      expect.stringMatching(/^CONTACT_EMAIL is the placeholder/),
      expect.stringMatching(/^The newsletter sign-up is hidden/),
    ]);
  }, 30_000);
});

test('/favicon.ico answers the PNG icon, not a page', async () => {
  const { app } = await testApp();
  const response = await request(app).get('/favicon.ico').expect(301);
  expect(response.headers.location).toBe('/favicon-32.png');
  expect(response.text.length).toBeLessThan(200);
});

test('a relative DATA_FILE is taken from the project root, and the error shows the full path', async () => {
  const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const elsewhere = tempFolder('nms-cwd-');
  const result = await run(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(root, 'server.ts')], {
    cwd: elsewhere,
    env: { ...process.env, NODE_ENV: 'production', DATA_FILE: 'data/no-such-store.json', PORT: '3999' },
  }).catch((error: { code: number; stderr: string }) => error);
  expect(result.stderr.trim()).toBe(
    `Cannot start: store ${path.join(root, 'data/no-such-store.json')}: file not found`,
  );
}, 30_000);

test('a post longer than the documented limit is refused, with the limit in the message', async () => {
  const data = testStore(1);
  const temp = writeTempStore({ ...data, posts: [{ ...data.posts[0]!, content: 'a'.repeat(maxContentLength + 1) }] });
  cleanups.push(temp.remove);
  await expect(readStore(temp.file)).rejects.toThrow(
    /db\.json: posts\[0\]\.content: must be at most 200,000 characters of markdown/,
  );
  const atTheLimit = writeTempStore({ ...data, posts: [{ ...data.posts[0]!, content: 'a'.repeat(maxContentLength) }] });
  cleanups.push(atTheLimit.remove);
  await expect(readStore(atTheLimit.file)).resolves.toBeTruthy();
});
