import { readFile } from 'node:fs/promises';
import { parseDocument, type YAMLError } from 'yaml';
import { z } from 'zod';
import type { PlanId } from '../../content/plan-titles.ts';
import { postSchema } from '../../lib/store-schema.ts';
import { ContentError } from './content-error.server.ts';
import { isSlug, slugify } from './slug.server.ts';

/**
 * Front matter is read with YAML's core schema, which keeps an unquoted `2025-03-05T09:00:00Z` as the text that
 * was written (no Date, so an impossible date such as 2025-02-30 is not silently rolled over to March) and
 * leaves the store's own date check to judge it.
 */
function loadYaml(text: string): { value: unknown; errors: YAMLError[] } {
  const document = parseDocument(text, { schema: 'core' });
  return { value: document.toJS() as unknown, errors: document.errors };
}

/** The front matter keys, in the order a post file lists them. */
export const frontMatterKeys = [
  'id',
  'title',
  'slug',
  'summary',
  'category',
  'plan',
  'author',
  'publishedAt',
  'createdAt',
  'featuredImage',
  'previewKey',
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
  plan: postSchema.shape.plan,
  author: postSchema.shape.author.optional(),
  publishedAt: postSchema.shape.publishedAt.optional(),
  createdAt: postSchema.shape.createdAt.optional(),
  featuredImage: z.string().trim().min(1, 'must be a path under public/ or a local image file'),
  // Exports made before keys stayed in the store carry one: accepted, and ignored, as add and import make their own.
  previewKey: postSchema.shape.previewKey,
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
  /** The package the post leads to, when it names one. */
  plan?: PlanId;
  author: string;
  /** null for a draft, written `publishedAt: null`. */
  publishedAt: string | null;
  createdAt: string;
  featuredImage: string;
  content: string;
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Why a date value was refused: no time, no zone, a day or time that does not exist, or another shape. */
export function dateProblem(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const shape = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    text,
  );
  if (!shape) return `is not an ISO date-time like ${exampleDate}`;
  const [, year = '', month = '', day = '', hour, minute = '0', second = '0', zone] = shape;
  const monthIndex = Number(month) - 1;
  if (monthIndex < 0 || monthIndex > 11) return `is not a real date: there is no month ${month}`;
  const days = new Date(Date.UTC(Number(year), monthIndex + 1, 0)).getUTCDate();
  if (Number(day) < 1 || Number(day) > days) {
    return `is not a real date: ${monthNames[monthIndex]} ${year} has ${days} days`;
  }
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59)) {
    return `is not a real time: hours go to 23, minutes and seconds to 59`;
  }
  if (hour === undefined) return `has no time and no time zone; write it like ${year}-${month}-${day}T09:00:00+10:00`;
  if (!zone) return `has no time zone; add Z (UTC) or an offset such as +10:00, like ${exampleDate}`;
  return `is not an ISO date-time like ${exampleDate}`;
}

function describeIssue(issue: z.core.$ZodIssue, raw: Record<string, unknown>): string[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `unknown key "${key}" (allowed keys: ${frontMatterKeys.join(', ')})`);
  }
  const key = String(issue.path[0] ?? '');
  if (!key) return [issue.message];
  const value = raw[key];
  if (value === undefined || value === null) return [`missing required key "${key}"`];
  if (dateKeys.has(key)) return [`"${key}": ${JSON.stringify(value)} ${dateProblem(value)}`];
  return [`"${key}": ${issue.message}`];
}

const frontMatterBlock = /^---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;

/**
 * One line about the first YAML error, naming the line and key. An unquoted ": " in a value is by far the
 * commonest mistake (YAML reads it as a nested key), so it gets its own message with the quoted line to write.
 */
function describeYamlError(error: YAMLError, yamlText: string): string {
  const lineNumber = error.linePos?.[0].line ?? 1;
  const text = yamlText.split('\n')[lineNumber - 1] ?? '';
  const entry = /^\s*([\w-]+)\s*:\s?(.*)$/.exec(text);
  const fileLine = lineNumber + 1; // the opening --- line comes first
  if (entry) {
    const [, key = '', value = ''] = entry;
    if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || (error.code !== 'DUPLICATE_KEY' && /: /.test(value))) {
      const example = `${key}: ${JSON.stringify(value.trim())}`;
      return `"${key}" (line ${fileLine}): the value contains ": ", which YAML reads as another key; put it in double quotes: ${example}`;
    }
    if (error.code === 'DUPLICATE_KEY') return `"${key}" is given twice (line ${fileLine})`;
  }
  const reason = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? 'unreadable';
  return `the front matter is not valid YAML at line ${fileLine}${entry ? ` ("${entry[1]}")` : ''}: ${reason}`;
}

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
  const block = frontMatterBlock.exec(input);
  if (!block) {
    throw new ContentError(`${source}: the front matter is not closed by a --- line`);
  }
  const yamlText = block[1] ?? '';
  const { value: raw, errors } = loadYaml(yamlText);
  const [firstError] = errors;
  if (firstError) throw new ContentError(`${source}: ${describeYamlError(firstError, yamlText)}`);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ContentError(`${source}: the front matter must be a list of "key: value" lines`);
  }
  const record = raw as Record<string, unknown>;
  const result = frontMatterSchema.safeParse(record);
  if (!result.success) {
    const problems = result.error.issues.flatMap((issue) => describeIssue(issue, record));
    throw ContentError.of(`${source}: bad front matter`, problems);
  }
  const content = input.slice(block[0].length).replace(/^\n/, '').replace(/\n$/, '');
  if (!content.trim()) {
    throw new ContentError(`${source}: the post has no text (write the markdown below the front matter)`);
  }
  return { frontMatter: result.data, content };
}

/** A value as YAML writes it: plain when that reads back as the same string, else double-quoted. */
function scalar(value: string): string {
  if (/^[\w./:+-]+$/.test(value)) {
    try {
      const loaded = loadYaml(`v: ${value}`);
      if (!loaded.errors.length && (loaded.value as { v?: unknown } | null)?.v === value) return value;
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
    ...(post.plan === undefined ? [] : [`plan: ${scalar(post.plan)}`]),
    `author: ${scalar(post.author)}`,
    `publishedAt: ${post.publishedAt === null ? 'null' : scalar(post.publishedAt)}`,
    `createdAt: ${scalar(post.createdAt)}`,
    `featuredImage: ${scalar(post.featuredImage)}`,
  ];
  return `---\n${lines.join('\n')}\n---\n\n${post.content}\n`;
}

/** A file the operator named, as text; a missing or unreadable one is a ContentError that says which. */
export async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ContentError(`${file}: file not found`);
    if (code === 'EISDIR') throw new ContentError(`${file}: is a folder, not a file`);
    throw new ContentError(`${file}: cannot be read (${(error as Error).message})`);
  }
}

/** The post's slug: the front matter's, else one made from the title. */
export function slugFor(parsed: ParsedPostFile, source: string): string {
  if (parsed.frontMatter.slug) return parsed.frontMatter.slug;
  const slug = slugify(parsed.frontMatter.title);
  if (!isSlug(slug)) throw new ContentError(`${source}: no slug can be made from the title; give a "slug" key`);
  return slug;
}
