import { describe, expect, test } from 'vitest';
import { readStore } from '../../store.server.ts';
import { workspaceForEachTest, refusal } from '../../../../test-support/content.ts';
import { removePost } from './remove.server.ts';

const ws = workspaceForEachTest();
const rejects = (command: () => Promise<unknown>) => refusal(ws, command);

describe('remove', () => {
  test('remove deletes the post with that slug', async () => {
    const removed = await removePost({ dataFile: ws.dataFile, publicDir: ws.publicDir, slug: 'first-post' });
    expect(removed.post.id).toBe(1);
    expect((await readStore(ws.dataFile)).posts).toEqual([]);
  });

  test('remove rejects an unknown slug and leaves the store unchanged', async () => {
    expect(await rejects(() => removePost({ dataFile: ws.dataFile, publicDir: ws.publicDir, slug: 'nope' }))).toBe(
      'no post with slug "nope" (see: npm run content -- list)',
    );
  });
});
