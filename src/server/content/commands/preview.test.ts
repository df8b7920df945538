import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { previewLinks } from '../../preview-links.server.ts';
import { addPost } from './add.server.ts';
import { previewDays, previewLink } from './preview.server.ts';
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
      const token = result.url.slice(`${siteUrl}/blog/preview/`.length);
      expect(previewLinks(secret).verify(token)).toEqual({ slug, expired: false });
      expect(previewLinks(randomBytes(32)).verify(token)).toBeUndefined();
    }
  });

  test('the link works for the days asked, and not a moment longer', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00.000Z'), toFake: ['Date'] });
    await add('a-draft', {}, true);
    const { url, expiresAt } = await preview('a-draft', 3);
    expect(expiresAt.toISOString()).toBe('2025-06-04T00:00:00.000Z');
    const token = url.split('/').pop()!;
    vi.setSystemTime(Date.parse('2025-06-04T00:00:00.000Z') - 1);
    expect(previewLinks(secret).verify(token)).toEqual({ slug: 'a-draft', expired: false });
    vi.setSystemTime(Date.parse('2025-06-04T00:00:00.000Z'));
    expect(previewLinks(secret).verify(token)).toEqual({ slug: 'a-draft', expired: true });
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
      expect(previewLinks(secret).verify(tampered), tampered).toBeUndefined();
    }
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
