import { describe, expect, test } from 'vitest';
import { atTestNow, addFile, workspaceForEachTest, newPostFront } from '../../../../test-support/content.ts';
import { listPosts } from './list.server.ts';

const ws = workspaceForEachTest();
atTestNow();
const add = (file: string) => addFile(ws, file);

describe('list', () => {
  test('list shows every post newest first with its category slug and state', async () => {
    await add(await ws.postFile('a.md', newPostFront({ slug: 'older', publishedAt: '2024-01-01T00:00:00.000Z' })));
    await add(await ws.postFile('b.md', newPostFront({ slug: 'future', publishedAt: '2030-01-01T00:00:00.000Z' })));
    expect(await listPosts({ dataFile: ws.dataFile })).toEqual([
      {
        id: 3,
        slug: 'future',
        title: newPostFront().title,
        category: 'email-marketing',
        publishedAt: '2030-01-01T00:00:00.000Z',
        state: 'scheduled',
      },
      {
        id: 1,
        slug: 'first-post',
        title: 'First Post',
        category: 'local-seo',
        publishedAt: '2025-01-07T09:00:00.000Z',
        state: 'published',
      },
      {
        id: 2,
        slug: 'older',
        title: newPostFront().title,
        category: 'email-marketing',
        publishedAt: '2024-01-01T00:00:00.000Z',
        state: 'published',
      },
    ]);
  });
});
