import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  atTestNow,
  addFile,
  fixtureStore,
  workspaceForEachTest,
  newPostFront,
} from '../../../../test-support/content.ts';
import { addPost } from './add.server.ts';
import { checkStore } from './check.server.ts';

const ws = workspaceForEachTest();
atTestNow();
const add = (file: string) => addFile(ws, file);

describe('check', () => {
  test('check passes a valid store whose images all exist, with a summary', async () => {
    await add(await ws.postFile('s.md', newPostFront({ publishedAt: '2030-01-01T00:00:00.000Z' })));
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result).toEqual({
      ok: true,
      problems: [],
      warnings: [],
      summary: `${ws.dataFile}: 2 posts (1 published, 1 scheduled), 2 categories, 2 featured images found`,
      defaultPlan: {
        categories: ['local-seo', 'email-marketing'],
        posts: ['first-post', 'winter-menu-ideas-for-newcastle-cafes'],
      },
    });
  });

  test('check lists the categories that name no package and the posts that end with the default one', async () => {
    const data = {
      categories: [{ ...fixtureStore.categories[0]!, plan: 'visibility-boost' }, fixtureStore.categories[1]!],
      posts: [
        fixtureStore.posts[0]!,
        { ...fixtureStore.posts[0]!, id: 2, slug: 'on-the-default', categoryId: 2 },
        { ...fixtureStore.posts[0]!, id: 3, slug: 'its-own', categoryId: 2, plan: 'growth' },
      ],
    };
    await writeFile(ws.dataFile, JSON.stringify(data));
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.defaultPlan).toEqual({ categories: ['email-marketing'], posts: ['on-the-default'] });
  });

  test('check reports a control character a post’s text holds (a store edited by hand)', async () => {
    const data = { ...fixtureStore, posts: [{ ...fixtureStore.posts[0]!, title: 'First\u0000 post' }] };
    await writeFile(ws.dataFile, JSON.stringify(data));
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toContain(
      'posts[0].title: must not contain control characters (U+0000 at character 6): remove it',
    );
  });

  test('check accepts drafts and counts them in its summary', async () => {
    const file = await ws.postFile('d.md', newPostFront({ slug: 'a-draft' }));
    await addPost({ file, dataFile: ws.dataFile, publicDir: ws.publicDir, draft: true });
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result).toMatchObject({
      ok: true,
      summary: `${ws.dataFile}: 2 posts (1 published, 0 scheduled, 1 draft), 2 categories, 2 featured images found`,
    });
  });

  test('check lists every problem: schema errors and missing images', async () => {
    const broken = {
      categories: fixtureStore.categories,
      posts: [
        { ...fixtureStore.posts[0], featuredImage: '/images/blog/gone.webp' },
        { ...fixtureStore.posts[0], id: 2, slug: 'Bad Slug', categoryId: 9, featuredImage: '/images/blog/first.webp' },
      ],
    };
    await writeFile(ws.dataFile, JSON.stringify(broken));
    const before = await ws.storeBytes();
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      'posts[1].slug: must be lowercase words joined by hyphens',
      'posts[1].categoryId: post "Bad Slug" names unknown category 9',
      expect.stringContaining('post "first-post": featuredImage "/images/blog/gone.webp" does not exist'),
    ]);
    expect((await ws.storeBytes()).equals(before)).toBe(true);
  });

  test('check reports an unreadable store', async () => {
    await writeFile(ws.dataFile, 'nope');
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([expect.stringMatching(/db\.json: not valid JSON/)]);
    const missing = await checkStore({ dataFile: join(ws.dir, 'none.json'), publicDir: ws.publicDir });
    expect(missing.problems).toEqual([`${join(ws.dir, 'none.json')}: file not found`]);
  });
});
