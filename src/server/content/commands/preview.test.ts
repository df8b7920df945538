import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { previewLinks } from '../../preview-links.server.ts';
import { addPost } from './add.server.ts';
import { previewDays, previewLink, revokePreviewLinks } from './preview.server.ts';
import { removePost } from './remove.server.ts';
import { newPostFront, refusal, workspaceForEachTest } from '../../../../test-support/content.ts';

const ws = workspaceForEachTest();
const rejects = (command: () => Promise<unknown>) => refusal(ws, command);
const secret = randomBytes(32);
const siteUrl = 'https://studio.example';
const dayMs = 86_400_000;

afterEach(() => {
  vi.useRealTimers();
});

async function add(slug: string, front: Record<string, unknown> = {}, draft = false) {
  const file = await ws.postFile(`${slug}.md`, newPostFront({ slug, ...front }));
  await addPost({ file, dataFile: ws.dataFile, publicDir: ws.publicDir, draft });
}

const preview = (slug: string, days = 7) => previewLink({ dataFile: ws.dataFile, slug, days, siteUrl, secret });
const tokenOf = (url: string) => url.slice(`${siteUrl}/blog/preview/`.length);

/** What the server answers for a token, by the post the store has under its slug now. */
async function verify(token: string, links = previewLinks(secret)) {
  const posts = (await ws.storeData()).posts;
  return links.verify(token, (slug) => posts.find((post) => post.slug === slug)?.previewKey);
}

describe('preview', () => {
  test('prints a link under SITE_URL for a draft or a scheduled post, which names that post', async () => {
    await add('a-draft', {}, true);
    await add('later', { publishedAt: '2099-01-01T09:00:00.000Z' });
    for (const [slug, state] of [
      ['a-draft', 'draft'],
      ['later', 'scheduled'],
    ]) {
      const result = await preview(slug!);
      expect(result.state).toBe(state);
      expect(result.url).toMatch(new RegExp(`^${siteUrl}/blog/preview/${slug}\\.[0-9a-z]+\\.[\\w-]{43}$`));
      const token = tokenOf(result.url);
      expect(await verify(token)).toEqual({ slug, expired: false });
      expect(await verify(token, previewLinks(randomBytes(32)))).toBeUndefined();
    }
  });

  test('the link works for the days asked, and not a moment longer', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00.000Z'), toFake: ['Date'] });
    await add('a-draft', {}, true);
    const { url, expiresAt } = await preview('a-draft', 3);
    expect(expiresAt.toISOString()).toBe('2025-06-04T00:00:00.000Z');
    const token = url.split('/').pop()!;
    vi.setSystemTime(Date.parse('2025-06-04T00:00:00.000Z') - 1);
    expect(await verify(token)).toEqual({ slug: 'a-draft', expired: false });
    vi.setSystemTime(Date.parse('2025-06-04T00:00:00.000Z'));
    expect(await verify(token)).toEqual({ slug: 'a-draft', expired: true });
  });

  test('a token changed anywhere is refused', async () => {
    await add('a-draft', {}, true);
    await add('other', {}, true);
    const token = (await preview('a-draft')).url.split('/').pop()!;
    const [slug, expires, signature] = token.split('.') as [string, string, string];
    const later = (parseInt(expires, 36) + 30 * dayMs).toString(36);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const tampered of [
      `other.${expires}.${signature}`,
      `${slug}.${later}.${signature}`,
      `${slug}.${expires}.${flipped}`,
      `${slug}.${expires}`,
      `${token}x`,
      '',
    ]) {
      expect(await verify(tampered), tampered).toBeUndefined();
    }
  });

  test('--revoke ends every link made for the post so far; links made after it work', async () => {
    await add('a-draft', {}, true);
    await add('other', {}, true);
    const before = [tokenOf((await preview('a-draft')).url), tokenOf((await preview('a-draft', 30)).url)];
    const other = tokenOf((await preview('other')).url);
    const revoked = await revokePreviewLinks({ dataFile: ws.dataFile, slug: 'a-draft' });
    expect(revoked.slug).toBe('a-draft');
    for (const token of before) expect(await verify(token)).toBeUndefined();
    expect(await verify(other)).toEqual({ slug: 'other', expired: false });
    expect(await verify(tokenOf((await preview('a-draft')).url))).toEqual({ slug: 'a-draft', expired: false });
    expect(await rejects(() => revokePreviewLinks({ dataFile: ws.dataFile, slug: 'nope' }))).toBe(
      'no post with slug "nope" (see: npm run content -- list)',
    );
  });

  test('a post removed and added again under the same slug (and id) answers none of the old post’s links', async () => {
    await add('a-draft', {}, true);
    const { id } = (await ws.storeData()).posts.find((post) => post.slug === 'a-draft')!;
    const old = tokenOf((await preview('a-draft')).url);
    await removePost({ dataFile: ws.dataFile, publicDir: ws.publicDir, slug: 'a-draft' });
    await add('a-draft', { title: 'Another client’s draft', featuredImage: 'https://images.example.com/b.jpg' }, true);
    expect((await ws.storeData()).posts.find((post) => post.slug === 'a-draft')!.id).toBe(id);
    expect(await verify(old)).toBeUndefined();
    expect(await verify(tokenOf((await preview('a-draft')).url))).toEqual({ slug: 'a-draft', expired: false });
  });

  test('a post stored before preview keys existed is given one, under the store’s lock, by its first link', async () => {
    await add('a-draft', {}, true);
    const data = await ws.storeData();
    await writeFile(
      ws.dataFile,
      JSON.stringify({ ...data, posts: data.posts.map(({ previewKey: _previewKey, ...post }) => post) }),
    );
    const first = tokenOf((await preview('a-draft')).url);
    const key = (await ws.storeData()).posts.find((post) => post.slug === 'a-draft')!.previewKey;
    expect(key).toMatch(/^[\w-]{22}$/);
    // The first post (published) was not touched, and the next link reads the key without writing.
    expect((await ws.storeData()).posts.find((post) => post.slug === 'first-post')!.previewKey).toBeUndefined();
    const bytes = await ws.storeBytes();
    const second = tokenOf((await preview('a-draft')).url);
    expect((await ws.storeBytes()).equals(bytes)).toBe(true);
    for (const token of [first, second]) expect(await verify(token)).toEqual({ slug: 'a-draft', expired: false });
  });

  test('refuses a published post, giving its address, and an unknown slug', async () => {
    expect(await rejects(() => preview('first-post'))).toBe(
      'post "first-post" is already published: https://studio.example/blog/first-post (a preview is for a draft or a scheduled post)',
    );
    expect(await rejects(() => preview('nope'))).toBe('no post with slug "nope" (see: npm run content -- list)');
  });

  test('--days is a whole number from 1 to 30, 7 when not given', () => {
    expect(previewDays(undefined)).toBe(7);
    expect(previewDays('1')).toBe(1);
    expect(previewDays('30')).toBe(30);
    for (const bad of ['0', '31', '-1', '1.5', 'seven', '', '1e1']) {
      expect(() => previewDays(bad), bad).toThrow(
        `--days must be a whole number from 1 to 30 (got ${JSON.stringify(bad)})`,
      );
    }
  });
});
