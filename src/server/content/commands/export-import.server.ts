import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { defaultAuthor } from '../../../content/authors.ts';
import { copyWidths, imageCopyPath } from '../../../lib/post-image.ts';
import {
  categorySchema,
  describeStoreError,
  type StoreData,
  type StoredCategory,
  type StoredPost,
} from '../../../lib/store-schema.ts';
import { unknownAuthor } from '../authors.server.ts';
import { ContentError } from '../content-error.server.ts';
import { loadStore, replaceStore, type StoreOptions } from '../content-store.server.ts';
import {
  classifyImageSource,
  copyFileAtomically,
  findBodyImages,
  imageFiles,
  imagesOfPost,
  isFile,
  maxBodyImageWidth,
  publicFilePath,
  sameBytes,
  type PublicOptions,
} from '../images.server.ts';
import { parsePostFile, readText, serializePostFile, slugFor, type ParsedPostFile } from '../post-file.server.ts';
import { keptPreviewKey } from './add.server.ts';
import { findCategory, unknownCategory } from './categories.server.ts';

const postsFolder = 'posts';
const categoriesFile = 'categories.json';

/** categories.json as the seeded file writes it: one category per line. */
export function categoriesJson(categories: readonly StoredCategory[]): string {
  const lines = categories.map(
    (c) =>
      `  { "id": ${c.id}, "name": ${JSON.stringify(c.name)}, "slug": ${JSON.stringify(c.slug)}${c.plan ? `, "plan": ${JSON.stringify(c.plan)}` : ''} }`,
  );
  return lines.length ? `[\n${lines.join(',\n')}\n]\n` : '[]\n';
}

/**
 * A post's identity across a removal: its id, slug and creation time. A post removed and another added under its slug
 * (which may reuse its id, the next free one) differ in it, so a backup's post never takes the other's preview key.
 */
const postIdentity = (post: Pick<StoredPost, 'id' | 'slug' | 'createdAt'>) =>
  JSON.stringify([post.id, post.slug, post.createdAt]);

/**
 * The imported store, each post keeping the preview key the store holds for that same post now (by its identity,
 * never its slug alone), by the rule `add --update` follows (a public post taken out of view gets none); a post the
 * store does not hold has none until its first `preview`. Keys never travel in files, so no import (of an older
 * backup or an edited export) brings back a link that `--revoke`, a removal or an unpublishing ended, nor lets one
 * post's link show another. Why: docs/decisions/preview-links.md
 */
const withKeptPreviewKeys =
  (imported: StoreData) =>
  (current: StoreData | undefined): StoreData => {
    const now = new Date();
    const stored = new Map(current?.posts.map((post) => [postIdentity(post), post]));
    const posts = imported.posts.map((post) => {
      const previewKey = keptPreviewKey(stored.get(postIdentity(post)), post.publishedAt, now);
      return previewKey === undefined ? post : { ...post, previewKey };
    });
    return { ...imported, posts };
  };

export interface ExportOptions extends StoreOptions, PublicOptions {
  /** Writes `<dir>/posts/<slug>.md`, `<dir>/categories.json` and the images as `<dir>/<site path>`. */
  dir: string;
  /** Delete other `.md` files in `<dir>/posts` (they would come back on the next import). */
  clean?: boolean;
}

export interface ExportResult {
  posts: number;
  categories: number;
  /** Image files copied (the images the posts use under public/, with their smaller copies). */
  images: number;
  /** `.md` files in `<dir>/posts` that are not in the store: deleted with `clean`, else left in place. */
  strayFiles: string[];
  /** Images a post names that are missing under public/, so not in the backup. */
  warnings: string[];
}

/** Every local image the posts use, with the posts that use it. */
function usedImages(posts: readonly StoredPost[]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const post of posts) {
    for (const reference of imagesOfPost(post)) used.set(reference, [...(used.get(reference) ?? []), post.slug]);
  }
  return used;
}

/**
 * A backup: every post (drafts and scheduled ones included) as markdown with front matter, the categories, and
 * every image the posts use (with its smaller copies) at its site path under `dir`, so that `import` into an empty
 * site gives back the same store and the same files.
 */
export async function exportContent(options: ExportOptions): Promise<ExportResult> {
  const data = await loadStore(options.dataFile);
  const categories = new Map(data.categories.map((c) => [c.id, c]));
  for (const post of data.posts) {
    if (!categories.has(post.categoryId)) {
      throw new ContentError(`post "${post.slug}" names unknown category ${post.categoryId}`);
    }
  }
  const postsDir = join(options.dir, postsFolder);
  await mkdir(postsDir, { recursive: true });
  const written = new Set<string>();
  for (const post of data.posts) {
    const category = categories.get(post.categoryId);
    const name = `${post.slug}.md`;
    // A preview key stays in the store: a file could bring an ended link back.
    const { categoryId: _categoryId, previewKey: _previewKey, ...fields } = post;
    await writeFile(join(postsDir, name), serializePostFile({ ...fields, category: category?.slug ?? '' }));
    written.add(name);
  }
  await writeFile(join(options.dir, categoriesFile), categoriesJson(data.categories));

  const warnings: string[] = [];
  let images = 0;
  for (const [reference, users] of usedImages(data.posts)) {
    const files = await imageFiles(options.publicDir, reference);
    const main = publicFilePath(options.publicDir, reference);
    if (typeof main !== 'string' || !files.includes(main)) {
      warnings.push(
        `${reference} (used by ${users.join(', ')}) is missing under ${options.publicDir}: not in the backup`,
      );
    }
    for (const file of files) {
      const target = join(options.dir, relative(resolve(options.publicDir), file));
      await copyFileAtomically(file, target);
      images += 1;
    }
  }

  const strayFiles = (await readdir(postsDir))
    .filter((name) => name.endsWith('.md') && !written.has(name))
    .sort()
    .map((name) => join(postsDir, name));
  if (options.clean) await Promise.all(strayFiles.map((file) => rm(file)));
  return { posts: data.posts.length, categories: data.categories.length, images, strayFiles, warnings };
}

export interface ImportOptions extends StoreOptions, PublicOptions {
  /** Reads `<dir>/posts/*.md` and `<dir>/categories.json`. */
  dir: string;
}

export interface ImportResult {
  data: StoreData;
  /** Image files put under public/ from the folder. */
  images: number;
  /** Things worth fixing that do not stop the import (featured images missing under public/). */
  warnings: string[];
}

async function readCategories(file: string, problems: string[]): Promise<StoredCategory[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readText(file));
  } catch (error) {
    problems.push(
      error instanceof ContentError ? error.message : `${file}: not valid JSON (${(error as Error).message})`,
    );
    return [];
  }
  const result = z.array(categorySchema).safeParse(raw);
  if (!result.success) {
    problems.push(
      ...result.error.issues.map(
        (issue) => `${file}: ${describeStoreError(new z.ZodError([issue])).replace(/^store: /, '')}`,
      ),
    );
    return [];
  }
  return result.data;
}

/**
 * Rebuilds the store from `<dir>/posts/*.md` and `<dir>/categories.json`. Every file is checked first; on any
 * problem nothing is written and the error lists them all. Files need fixed dates (publishedAt, createdAt; a
 * draft's publishedAt is null) so that importing twice gives the same store; posts without an id get the next free
 * ids, in file name order.
 */
export async function importContent(options: ImportOptions): Promise<ImportResult> {
  const problems: string[] = [];
  const categories = await readCategories(join(options.dir, categoriesFile), problems);
  const categoriesRead = problems.length === 0;

  const postsDir = join(options.dir, postsFolder);
  let names: string[];
  try {
    names = (await readdir(postsDir)).filter((name) => name.endsWith('.md')).sort();
  } catch {
    throw new ContentError(`import from ${options.dir} failed: ${postsDir} is not a folder of .md posts`);
  }

  const drafts: { file: string; id?: number; post: Omit<StoredPost, 'id'> }[] = [];
  for (const name of names) {
    const file = join(postsDir, name);
    let parsed: ParsedPostFile;
    let slug: string;
    try {
      parsed = parsePostFile(await readText(file), file);
      slug = slugFor(parsed, file);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(...(error.problems.length > 1 ? error.problems.map((p) => `${file}: ${p}`) : [error.message]));
      continue;
    }
    const front = parsed.frontMatter;
    const fileProblems: string[] = [];
    if (front.publishedAt === undefined) {
      fileProblems.push(
        'missing required key "publishedAt" (an import needs fixed dates; a draft has publishedAt: null)',
      );
    }
    if (!front.createdAt) fileProblems.push('missing required key "createdAt" (an import needs fixed dates)');
    const featured = classifyImageSource(front.featuredImage);
    if (featured.kind === 'local') {
      fileProblems.push(
        'featuredImage must be a path under public/ like /images/blog/x.webp or an https:// URL (add converts local images)',
      );
    }
    if (featured.kind === 'refused') fileProblems.push(`featuredImage "${front.featuredImage}" ${featured.reason}`);
    try {
      for (const image of findBodyImages(parsed.content, 'the post')) {
        const source = classifyImageSource(image.src);
        if (source.kind === 'refused') fileProblems.push(`image "${image.src}" ${source.reason}`);
        if (source.kind === 'local') {
          fileProblems.push(
            `image "${image.src}" must be a path under public/ or an https:// URL (add converts local images)`,
          );
        }
      }
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      fileProblems.push(error.message.replace(/^the post: /, ''));
    }
    const authorProblem = front.author === undefined ? undefined : unknownAuthor(front.author);
    if (authorProblem) fileProblems.push(authorProblem);
    const category = findCategory(categories, front.category);
    if (categoriesRead && !category) fileProblems.push(unknownCategory(categories, front.category));
    if (fileProblems.length || !category || front.publishedAt === undefined || !front.createdAt) {
      problems.push(...fileProblems.map((p) => `${file}: ${p}`));
      continue;
    }
    drafts.push({
      file,
      id: front.id,
      post: {
        slug,
        title: front.title,
        summary: front.summary,
        content: parsed.content,
        featuredImage: front.featuredImage,
        categoryId: category.id,
        author: front.author ?? defaultAuthor,
        ...(front.plan ? { plan: front.plan } : {}),
        publishedAt: front.publishedAt,
        createdAt: front.createdAt,
      },
    });
  }

  const bySlug = new Map<string, string>();
  const byId = new Map<number, string>();
  for (const draft of drafts) {
    const sameSlug = bySlug.get(draft.post.slug);
    if (sameSlug) problems.push(`${draft.file}: slug "${draft.post.slug}" is also used by ${sameSlug}`);
    else bySlug.set(draft.post.slug, draft.file);
    if (draft.id === undefined) continue;
    const sameId = byId.get(draft.id);
    if (sameId) problems.push(`${draft.file}: id ${draft.id} is also used by ${sameId}`);
    else byId.set(draft.id, draft.file);
  }
  if (problems.length) throw ContentError.of(`import from ${options.dir} failed, nothing was written`, problems);

  let free = Math.max(0, ...byId.keys()) + 1;
  const posts: StoredPost[] = drafts.map((draft) => ({ id: draft.id ?? free++, ...draft.post }));

  // Images in the folder (an export's backup) go back under public/: a file already there with the same bytes is
  // left alone, one with other bytes is never replaced (the import stops first), a missing one is a warning.
  const warnings: string[] = [];
  const copies: { source: string; target: string }[] = [];
  for (const [reference, users] of usedImages(posts)) {
    const target = publicFilePath(options.publicDir, reference);
    if (typeof target !== 'string') {
      problems.push(`post "${users[0]}": image ${target.problem}`);
      continue;
    }
    const backup = resolve(options.dir, `.${reference}`);
    const candidates = [
      [backup, target],
      ...[...copyWidths, maxBodyImageWidth].map((w) => [imageCopyPath(backup, w), imageCopyPath(target, w)]),
    ] as const;
    for (const [source, destination] of candidates) {
      if (!(await isFile(source))) continue;
      if (!(await isFile(destination))) copies.push({ source, target: destination });
      else if (!(await sameBytes(source, destination))) {
        problems.push(
          `${source}: ${destination} already exists with other bytes; import never replaces an image (move it away first)`,
        );
      }
    }
    if (!(await isFile(backup)) && !(await isFile(target))) {
      warnings.push(
        `post "${users.join('", "')}": image "${reference}" is neither in ${options.dir} nor under ${options.publicDir}`,
      );
    }
  }
  if (problems.length) throw ContentError.of(`import from ${options.dir} failed, nothing was written`, problems);

  let data: StoreData;
  try {
    data = await replaceStore(options.dataFile, withKeptPreviewKeys({ categories, posts }), async () => {
      for (const { source, target } of copies) await copyFileAtomically(source, target);
    });
  } catch (error) {
    if (error instanceof ContentError) {
      throw new ContentError(`import from ${options.dir} failed, nothing was written: ${error.message}`);
    }
    throw error;
  }
  return { data, warnings, images: copies.length };
}
