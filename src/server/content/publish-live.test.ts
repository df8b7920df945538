import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { createTestApp } from '../../../test-support/server.ts';
import { makeWorkspace, newPostFront } from '../../../test-support/content.ts';
import { runScript } from '../../../scripts/lib/run-script.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

test('a post added with the content command while the server runs appears on /blog without a restart', async () => {
  const ws = await makeWorkspace();
  cleanups.push(() => ws.cleanup());
  const testApp = await createTestApp({ file: ws.dataFile });
  cleanups.push(() => testApp.close());
  testApp.store.watch();

  const before = await request(testApp.app).get('/blog').expect(200);
  expect(before.text).not.toContain('Winter Menu Ideas for Newcastle Cafes');

  const postFile = await ws.postFile(
    'winter.md',
    newPostFront({ publishedAt: '2025-05-01T09:00:00.000Z' }),
    'Warm **specials**.',
  );
  const add = await runScript('content.ts', ['add', postFile, '--data', ws.dataFile, '--public', ws.publicDir]);
  expect(add).toMatchObject({ code: 0, stderr: '' });

  await vi.waitFor(
    async () => {
      const after = await request(testApp.app).get('/blog').expect(200);
      expect(after.text).toContain('Winter Menu Ideas for Newcastle Cafes');
    },
    { timeout: 5_000, interval: 100 },
  );
  await request(testApp.app).get('/blog/winter-menu-ideas-for-newcastle-cafes').expect(200);
}, 60_000);
