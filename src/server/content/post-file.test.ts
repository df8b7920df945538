import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ContentError } from './content-error.server.ts';
import { parsePostFile, serializePostFile, type PostFileFields } from './post-file.server.ts';
import { slugify } from './slug.server.ts';
import { repoRoot } from '../../../test-support/content.ts';

const seededDir = join(repoRoot, 'content', 'posts');

function fieldsOf(text: string, source: string): PostFileFields {
  const { frontMatter: f, content } = parsePostFile(text, source);
  if (f.id === undefined || !f.slug || !f.author || !f.publishedAt || !f.createdAt) {
    throw new Error(`${source}: a seeded post should give every key`);
  }
  return {
    ...f,
    id: f.id,
    slug: f.slug,
    author: f.author,
    publishedAt: f.publishedAt,
    createdAt: f.createdAt,
    content,
  };
}

const valid = [
  '---',
  'title: "Hello"',
  'summary: "A summary."',
  'category: local-seo',
  'featuredImage: /images/blog/x.webp',
  '---',
  '',
  'Body.',
  '',
].join('\n');

function problemOf(text: string): string {
  try {
    parsePostFile(text, 'post.md');
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error('expected parsePostFile to throw');
}

describe('post files', () => {
  test('every seeded post parses and serializes back to the exact same bytes', async () => {
    const names = (await readdir(seededDir)).filter((name) => name.endsWith('.md'));
    expect(names).toHaveLength(15);
    for (const name of names) {
      const text = await readFile(join(seededDir, name), 'utf8');
      expect(serializePostFile(fieldsOf(text, name)), name).toBe(text);
    }
  });

  test('a seeded post reads as its front matter and its markdown body', async () => {
    const text = await readFile(join(seededDir, 'google-business-profile-newcastle.md'), 'utf8');
    const { frontMatter, content } = parsePostFile(text, 'x.md');
    expect(frontMatter).toMatchObject({
      id: 1,
      slug: 'google-business-profile-newcastle',
      category: 'local-seo',
      publishedAt: '2025-03-05T09:00:00.000Z',
      featuredImage: '/images/blog/google-business-profile.webp',
    });
    expect(content.startsWith('\n')).toBe(false);
    expect(content.endsWith('\n')).toBe(false);
    expect(content).toContain('## ');
  });

  test('serialize then parse gives back any post exactly, whatever its text', () => {
    // Any text the store accepts: no control characters, and none but tabs and line breaks in the body.
    const line = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 40 })
      .filter((s) => s.trim() === s && s !== '' && !/\p{Cc}/u.test(s));
    const slug = fc.stringMatching(/^[a-z0-9]{1,8}(?:-[a-z0-9]{1,8}){0,3}$/);
    const date = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
    fc.assert(
      fc.property(
        fc.record({
          id: fc.integer({ min: 1, max: 1_000_000 }),
          title: line,
          slug,
          summary: line,
          category: slug,
          author: line,
          publishedAt: date,
          createdAt: fc.oneof(date, fc.constant('2025-03-05T20:00:00+11:00')),
          featuredImage: fc.constantFrom('/images/blog/a.webp', '/img/b-c_d.png'),
          content: fc
            .string({ unit: 'binary', minLength: 1, maxLength: 200 })
            .filter((s) => s.trim() !== '' && !/(?![\n\r\t])\p{Cc}/u.test(s)),
        }),
        (post) => {
          const { frontMatter, content } = parsePostFile(serializePostFile(post), 'p.md');
          expect({ ...frontMatter, content }).toEqual(post);
        },
      ),
      { numRuns: 200 },
    );
  }, 30_000);

  test('values YAML would misread are quoted so they stay strings', () => {
    const post: PostFileFields = {
      id: 7,
      title: 'true',
      slug: '2024',
      summary: 'null',
      category: '12',
      author: 'ops: team # night shift',
      publishedAt: '2025-03-05T09:00:00.000Z',
      createdAt: '2025-03-01T09:00:00.000Z',
      featuredImage: '/images/blog/x.webp',
      content: '---\nnot front matter\n---',
    };
    const text = serializePostFile(post);
    expect(text).toContain('slug: "2024"');
    expect(text).toContain('author: "ops: team # night shift"');
    const parsed = parsePostFile(text, 'p.md');
    expect({ ...parsed.frontMatter, content: parsed.content }).toEqual(post);
  });

  test('a file with Windows line endings reads like one with Unix line endings', () => {
    const parsed = parsePostFile(valid.replace(/\n/g, '\r\n'), 'post.md');
    expect(parsed).toEqual(parsePostFile(valid, 'post.md'));
  });

  test('bad front matter names the missing key', () => {
    expect(problemOf(valid.replace('title: "Hello"\n', ''))).toBe(
      'post.md: bad front matter: missing required key "title"',
    );
  });

  test('bad front matter names an unknown key', () => {
    const message = problemOf(valid.replace('category:', 'catgory:'));
    expect(message).toContain('unknown key "catgory" (allowed keys: id, title, slug, summary, category,');
    expect(message).toContain('missing required key "category"');
  });

  test('bad front matter names a key with the wrong type', () => {
    expect(problemOf(valid.replace('title: "Hello"', 'title: 2024'))).toMatch(/^post\.md: bad front matter: "title": /);
  });

  test('date errors say whether the day does not exist, or the time or the zone is missing', () => {
    const withDate = (line: string) => problemOf(valid.replace('category:', `${line}\ncategory:`));
    expect(withDate('publishedAt: 2025-02-30T09:00:00Z')).toBe(
      'post.md: bad front matter: "publishedAt": "2025-02-30T09:00:00Z" is not a real date: February 2025 has 28 days',
    );
    expect(withDate('publishedAt: "2025-13-01T09:00:00Z"')).toBe(
      'post.md: bad front matter: "publishedAt": "2025-13-01T09:00:00Z" is not a real date: there is no month 13',
    );
    expect(withDate('createdAt: 2025-06-02T09:00:00')).toBe(
      'post.md: bad front matter: "createdAt": "2025-06-02T09:00:00" has no time zone; add Z (UTC) or an offset such as +10:00, like 2025-03-05T09:00:00.000Z',
    );
    expect(withDate('createdAt: 2025-06-02')).toBe(
      'post.md: bad front matter: "createdAt": "2025-06-02" has no time and no time zone; write it like 2025-06-02T09:00:00+10:00',
    );
    expect(withDate('createdAt: 2025-06-02T25:00:00Z')).toContain('is not a real time');
    expect(withDate('createdAt: next tuesday')).toContain('"createdAt": "next tuesday" is not an ISO date-time like');
  });

  test('an unquoted ": " in a value names the key and shows the quoted line to write', () => {
    expect(problemOf(valid.replace('title: "Hello"', 'title: SEO: a beginner guide'))).toBe(
      'post.md: "title" (line 2): the value contains ": ", which YAML reads as another key; put it in double quotes: title: "SEO: a beginner guide"',
    );
    expect(problemOf(valid.replace('summary: "A summary."', 'summary: Why: because'))).toContain(
      '"summary" (line 3): the value contains ": "',
    );
  });

  test('a file without front matter, with an unclosed block, invalid YAML or no body is rejected', () => {
    expect(problemOf('Just text.\n')).toContain('no front matter');
    expect(problemOf('---\ntitle: "x"\n')).toContain('not closed');
    expect(problemOf(valid.replace('title: "Hello"', 'title: "Hello'))).toContain('not valid YAML');
    expect(problemOf(valid.replace('title: "Hello"', 'title: a\ntitle: b'))).toBe(
      'post.md: "title" is given twice (line 3)',
    );
    expect(problemOf('---\n- a list\n---\n\nBody.\n')).toContain('"key: value"');
    expect(problemOf(valid.replace('Body.', '   '))).toContain('has no text');
  });

  test('slugify makes lowercase ascii words joined by hyphens', () => {
    expect(slugify("Here's a Café & Bar Guide: Newcastle's Best!")).toBe('heres-a-cafe-and-bar-guide-newcastles-best');
    expect(slugify('  --Local   SEO--  ')).toBe('local-seo');
    expect(slugify('🙂 !!')).toBe('');
    const long = slugify('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long).toMatch(/^word(-word)*$/);
  });
});
