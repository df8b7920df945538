import { describe, expect, test } from 'vitest';
import { readStore } from '../../store.server.ts';
import { addPost } from './add.server.ts';
import { listPosts } from './list.server.ts';
import { publishPost } from './publish.server.ts';
import {
  atTestNow,
  newPostFront,
  refusal,
  testNow as now,
  workspaceForEachTest,
} from '../../../../test-support/content.ts';

const ws = workspaceForEachTest();
atTestNow();
const rejects = (command: () => Promise<unknown>) => refusal(ws, command);

async function addDraft(slug = 'winter-menu') {
  const file = await ws.postFile(`${slug}.md`, newPostFront({ slug, publishedAt: '2024-01-01T00:00:00.000Z' }));
  return addPost({ file, dataFile: ws.dataFile, publicDir: ws.publicDir, draft: true });
}

const stateOf = async (slug: string) => (await listPosts({ dataFile: ws.dataFile })).find((p) => p.slug === slug);

describe('add --draft and publish', () => {
  test('add --draft stores the post without publishedAt, whatever the front matter says, and list shows draft', async () => {
    const result = await addDraft();
    expect(result.state).toBe('draft');
    expect((await readStore(ws.dataFile)).posts.find((p) => p.slug === 'winter-menu')?.publishedAt).toBeNull();
    expect(await stateOf('winter-menu')).toMatchObject({ publishedAt: null, state: 'draft' });
  });

  test('add --update keeps a draft a draft unless the file gives it a time', async () => {
    await addDraft();
    const file = await ws.postFile('again.md', newPostFront({ slug: 'winter-menu', title: 'Retitled' }));
    const updated = await addPost({ file, dataFile: ws.dataFile, publicDir: ws.publicDir, update: true });
    expect(updated).toMatchObject({ state: 'draft', post: { title: 'Retitled', publishedAt: null } });
    const dated = await ws.postFile(
      'dated.md',
      newPostFront({ slug: 'winter-menu', publishedAt: '2030-01-01T00:00:00Z' }),
    );
    const scheduled = await addPost({ file: dated, dataFile: ws.dataFile, publicDir: ws.publicDir, update: true });
    expect(scheduled).toMatchObject({ state: 'scheduled', post: { publishedAt: '2030-01-01T00:00:00Z' } });
  });

  test('add --update --draft takes a published post back to a draft', async () => {
    const file = await ws.postFile('first.md', newPostFront({ slug: 'first-post' }));
    const result = await addPost({ file, dataFile: ws.dataFile, publicDir: ws.publicDir, update: true, draft: true });
    expect(result).toMatchObject({ action: 'updated', state: 'draft', post: { id: 1, publishedAt: null } });
  });

  test('publish makes a draft public now by default', async () => {
    await addDraft();
    const result = await publishPost({ dataFile: ws.dataFile, slug: 'winter-menu' });
    expect(result).toMatchObject({ state: 'published', post: { publishedAt: now.toISOString() } });
    expect(await stateOf('winter-menu')).toMatchObject({ publishedAt: now.toISOString(), state: 'published' });
  });

  test('publish --at a future time schedules a draft, and a scheduled post can be given another time', async () => {
    await addDraft();
    const at = '2025-06-02T08:00:00+10:00';
    expect(await publishPost({ dataFile: ws.dataFile, slug: 'winter-menu', at })).toMatchObject({
      state: 'scheduled',
      post: { publishedAt: at },
    });
    const sooner = await publishPost({ dataFile: ws.dataFile, slug: 'winter-menu' });
    expect(sooner.state).toBe('published');
  });

  test('publish refuses an unknown slug, a post already public and a bad --at, and leaves the store unchanged', async () => {
    await addDraft();
    expect(await rejects(() => publishPost({ dataFile: ws.dataFile, slug: 'nope' }))).toBe(
      'no post with slug "nope" (see: npm run content -- list)',
    );
    expect(await rejects(() => publishPost({ dataFile: ws.dataFile, slug: 'first-post' }))).toMatch(
      /^post "first-post" is already published \(2025-01-07T09:00:00.000Z\)/,
    );
    expect(await rejects(() => publishPost({ dataFile: ws.dataFile, slug: 'winter-menu', at: '2025-06-02' }))).toBe(
      '--at "2025-06-02" has no time and no time zone; write it like 2025-06-02T09:00:00+10:00',
    );
    expect(await rejects(() => publishPost({ dataFile: ws.dataFile, slug: 'winter-menu', at: 'soon' }))).toMatch(
      /^--at "soon" is not an ISO date-time/,
    );
  });
});
