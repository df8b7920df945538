import { createRequire } from 'node:module';
import matter from 'gray-matter';
import { z } from 'zod';
import { postSchema } from '../store-schema.ts';
import { ContentError } from './content-error.server.ts';

/**
 * gray-matter parses YAML with js-yaml's default schema, which turns an unquoted `2025-03-05T09:00:00Z` into a
 * Date and silently rolls an impossible date such as 2025-02-30 over to March. The core schema keeps every
 * timestamp as the text that was written, so the store's own date check sees it. js-yaml is gray-matter's own
 * dependency: it is loaded from there so that both always agree.
 */
interface YamlModule {
  safeLoad(text: string, options: { schema: unknown; filename?: string }): unknown;
  CORE_SCHEMA: unknown;
}
const requireHere = createRequire(import.meta.url);
const yaml = createRequire(requireHere.resolve('gray-matter'))('js-yaml') as YamlModule;

function loadYaml(text: string): unknown {
  return yaml.safeLoad(text, { schema: yaml.CORE_SCHEMA });
}

/** The front matter keys, in the order a post file lists them. */
export const frontMatterKeys = [
  'id',
  'title',
  'slug',
  'summary',
  'category',
  'author',
  'publishedAt',
  'createdAt',
  'featuredImage',
] as const;

const dateKeys = new Set<string>(['publishedAt', 'createdAt']);
const exampleDate = '2025-03-05T09:00:00.000Z';

/** What a post file may say. Field rules come from the store's schema; only the optional ones are relaxed. */
const frontMatterSchema = z.strictObject({
  id: postSchema.shape.id.optional(),
  title: postSchema.shape.title,
  slug: postSchema.shape.slug.optional(),
  summary: postSchema.shape.summary,
  category: z.string().trim().min(1, 'must name a category by its slug or name'),
  author: postSchema.shape.author.optional(),
  publishedAt: postSchema.shape.publishedAt.optional(),
  createdAt: postSchema.shape.createdAt.optional(),
  featuredImage: z.string().trim().min(1, 'must be a path under public/ or a local image file'),
});

export type PostFrontMatter = z.infer<typeof frontMatterSchema>;

export interface ParsedPostFile {
  frontMatter: PostFrontMatter;
  /** The markdown body, without the blank line after the front matter and the file's final newline. */
  content: string;
}

/** Everything a post file holds, as `serializePostFile` writes it (category is the category's slug). */
export interface PostFileFields {
  id: number;
  title: string;
  slug: string;
  summary: string;
  category: string;
  author: string;
  publishedAt: string;
  createdAt: string;
  featuredImage: string;
  content: string;
}

function describeIssue(issue: z.core.$ZodIssue, raw: Record<string, unknown>): string[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `unknown key "${key}" (allowed keys: ${frontMatterKeys.join(', ')})`);
  }
  const key = String(issue.path[0] ?? '');
  if (!key) return [issue.message];
  const value = raw[key];
  if (value === undefined || value === null) return [`missing required key "${key}"`];
  if (dateKeys.has(key)) {
    return [`"${key}": ${JSON.stringify(value)} is not an ISO date-time like ${exampleDate}`];
  }
  return [`"${key}": ${issue.message}`];
}

const frontMatterBlock = /^---[ \t]*\n[\s\S]*?\n---[ \t]*(?:\n|$)/;

/**
 * Reads a markdown post with YAML front matter. `source` (usually the file's path) starts every error message.
 * Throws a ContentError naming each bad key.
 */
export function parsePostFile(text: string, source: string): ParsedPostFile {
  let input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (/^---[ \t]*\r\n/.test(input)) input = input.replace(/\r\n/g, '\n');
  if (!input.startsWith('---')) {
    throw new ContentError(`${source}: no front matter (the file must start with a --- line)`);
  }
  if (!frontMatterBlock.test(input)) {
    throw new ContentError(`${source}: the front matter is not closed by a --- line`);
  }
  let file: matter.GrayMatterFile<string>;
  try {
    file = matter(input, { engines: { yaml: (frontMatter: string) => loadYaml(frontMatter) as object } });
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0] ?? 'unreadable';
    throw new ContentError(`${source}: the front matter is not valid YAML (${reason})`);
  }
  const raw: unknown = file.data;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ContentError(`${source}: the front matter must be a list of "key: value" lines`);
  }
  const record = raw as Record<string, unknown>;
  const result = frontMatterSchema.safeParse(record);
  if (!result.success) {
    const problems = result.error.issues.flatMap((issue) => describeIssue(issue, record));
    throw ContentError.of(`${source}: bad front matter`, problems);
  }
  const content = file.content.replace(/^\n/, '').replace(/\n$/, '');
  if (!content.trim()) {
    throw new ContentError(`${source}: the post has no text (write the markdown below the front matter)`);
  }
  return { frontMatter: result.data, content };
}

/** A value as YAML writes it: plain when that reads back as the same string, else double-quoted. */
function scalar(value: string): string {
  if (/^[\w./:+-]+$/.test(value)) {
    try {
      const loaded = loadYaml(`v: ${value}`) as { v?: unknown } | null;
      if (loaded?.v === value) return value;
    } catch {
      // not safe as a plain scalar: quote it
    }
  }
  return quoted(value);
}

/**
 * JSON's string syntax is valid YAML double-quoted syntax with the same meaning; the characters YAML does not
 * allow raw in a file (DEL, C1 controls, U+FFFE/U+FFFF) are escaped too.
 */
function quoted(value: string): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\ufffe\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Writes a post as markdown with front matter; `parsePostFile` reads it back exactly. */
export function serializePostFile(post: PostFileFields): string {
  const lines = [
    `id: ${post.id}`,
    `title: ${quoted(post.title)}`,
    `slug: ${scalar(post.slug)}`,
    `summary: ${quoted(post.summary)}`,
    `category: ${scalar(post.category)}`,
    `author: ${scalar(post.author)}`,
    `publishedAt: ${scalar(post.publishedAt)}`,
    `createdAt: ${scalar(post.createdAt)}`,
    `featuredImage: ${scalar(post.featuredImage)}`,
  ];
  return `---\n${lines.join('\n')}\n---\n\n${post.content}\n`;
}
