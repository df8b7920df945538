import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createTestApp, readPage, testPost, testStore } from '../../test-support/server.ts';

// A studio that has emptied its team: no section names anyone, and bylines are plain names.
vi.mock('../content/team.ts', () => ({ team: [] }));

const data = testStore(2);
data.posts.push(testPost({ id: 3, slug: 'by-sarah', author: 'sarah-mitchell' }));

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp({ data });
  // The first page compiles the page modules: longer than a test's own time on a busy machine.
  await readPage(testApp.app, '/about');
}, 60_000);
afterAll(() => testApp.close());

test('without a team, neither /about nor /blog shows one, nobody is named beside the form, and bylines link nowhere', async () => {
  for (const path of ['/about', '/blog', '/start-project']) {
    const { html } = await readPage(testApp.app, path);
    expect(html).not.toContain('id="team-heading"');
    expect(html).not.toContain('talk to');
  }
  const { html, text } = await readPage(testApp.app, '/blog/by-sarah');
  expect(text).toContain('By Sarah Mitchell');
  expect(html).not.toContain('#team-');
});
