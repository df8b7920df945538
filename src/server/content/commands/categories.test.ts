import { describe, expect, test } from 'vitest';
import { readStore } from '../../store.server.ts';
import {
  addFile,
  fixtureStore,
  workspaceForEachTest,
  newPostFront,
  refusal,
} from '../../../../test-support/content.ts';
import { addCategory, listCategories, removeCategory, renameCategory } from './categories.server.ts';

const ws = workspaceForEachTest();
const add = (file: string, extra: { update?: boolean } = {}) => addFile(ws, file, extra);
const rejects = (command: () => Promise<unknown>) => refusal(ws, command);

describe('categories', () => {
  test('categories add derives the slug from the name and takes the next id', async () => {
    const category = await addCategory({ dataFile: ws.dataFile, name: 'Brand & Design' });
    expect(category).toEqual({ id: 3, name: 'Brand & Design', slug: 'brand-and-design' });
    const custom = await addCategory({ dataFile: ws.dataFile, name: 'Video', slug: 'video-content' });
    expect(custom).toEqual({ id: 4, name: 'Video', slug: 'video-content' });
    expect((await listCategories({ dataFile: ws.dataFile })).map((c) => [c.slug, c.posts])).toEqual([
      ['local-seo', 1],
      ['email-marketing', 0],
      ['brand-and-design', 0],
      ['video-content', 0],
    ]);
    const post = await add(await ws.postFile('p.md', newPostFront({ category: 'brand and design' })));
    expect(post.category.id).toBe(3);
  });

  test('categories add rejects a duplicate slug or name and leaves the store unchanged', async () => {
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: 'Local SEO!' }))).toBe(
      'a category with slug "local-seo" already exists ("Local SEO")',
    );
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: 'email marketing', slug: 'emails' }))).toBe(
      'a category named "Email Marketing" already exists (slug email-marketing)',
    );
  });

  test('categories add rejects a bad slug or an empty name and leaves the store unchanged', async () => {
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: 'Video', slug: 'Video Stuff' }))).toContain(
      'must be lowercase words joined by hyphens',
    );
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: '   ' }))).toBe('the category name is empty');
    expect(await rejects(() => addCategory({ dataFile: ws.dataFile, name: '???' }))).toContain('give one with --slug');
  });

  test('categories rename changes the name and keeps the slug unless given one', async () => {
    const renamed = await renameCategory({ dataFile: ws.dataFile, slug: 'local-seo', name: 'Local Search' });
    expect(renamed.after).toEqual({ id: 1, name: 'Local Search', slug: 'local-seo' });
    await renameCategory({ dataFile: ws.dataFile, slug: 'local-seo', name: 'Local Search', newSlug: 'local-search' });
    const data = await readStore(ws.dataFile);
    expect(data.categories[0]).toEqual({ id: 1, name: 'Local Search', slug: 'local-search' });
    expect(data.posts[0]?.categoryId).toBe(1);
  });

  test('categories rename refuses an unknown slug, a taken name or slug, and leaves the store unchanged', async () => {
    expect(await rejects(() => renameCategory({ dataFile: ws.dataFile, slug: 'nope', name: 'X' }))).toBe(
      'no category with slug "nope" (known: local-seo, email-marketing)',
    );
    expect(
      await rejects(() => renameCategory({ dataFile: ws.dataFile, slug: 'local-seo', name: 'email marketing' })),
    ).toBe('a category named "Email Marketing" already exists (slug email-marketing)');
    expect(
      await rejects(() =>
        renameCategory({ dataFile: ws.dataFile, slug: 'local-seo', name: 'X', newSlug: 'email-marketing' }),
      ),
    ).toBe('a category with slug "email-marketing" already exists ("Email Marketing")');
  });

  test('categories remove deletes an unused category and refuses one that posts use, naming them', async () => {
    expect(await rejects(() => removeCategory({ dataFile: ws.dataFile, slug: 'local-seo' }))).toBe(
      'category "local-seo" is used by 1 post: first-post (move them to another category with add --update, ' +
        'or remove them, first)',
    );
    expect(await removeCategory({ dataFile: ws.dataFile, slug: 'email-marketing' })).toEqual(
      fixtureStore.categories[1],
    );
    expect((await readStore(ws.dataFile)).categories.map((c) => c.slug)).toEqual(['local-seo']);
  });
});
