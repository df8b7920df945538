import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { copyWidths, imageCopyPath } from '../../lib/post-image.ts';
import {
  categorySchema,
  describeStoreError,
  storeSchema,
  type StoreData,
  type StoredCategory,
  type StoredPost,
} from '../store-schema.ts';
import { ContentError } from './content-error.server.ts';
import { loadStore, modifyStore, replaceStore } from './content-store.server.ts';
import {
  classifyImageSource,
  convertBodyImage,
  convertFeaturedImage,
  deleteImages,
  findBodyImages,
  blogImageReferences,
  copyFileAtomically,
  imageFiles,
  imagesOfPost,
  isFile,
  sameBytes,
  listBlogImages,
  maxBodyImageWidth,
  publicFilePath,
  publicImageProblem,
  rewriteBodyImages,
  writeConvertedImage,
  type BodyImage,
  type ConvertedImage,
} from './images.server.ts';
import { parsePostFile, serializePostFile, type ParsedPostFile } from './post-file.server.ts';
import { isSlug, slugify } from './slug.server.ts';
import { authors, defaultAuthor } from '../../content/authors.ts';

export { ContentError } from './content-error.server.ts';

export { defaultAuthor };

/** Undefined when the username is one of src/content/authors.ts, else the message that lists the known ones. */
export function unknownAuthor(username: string): string | undefined {
  if (authors.some((author) => author.username === username)) return undefined;
  const known = authors.map((author) => author.username).join(', ');
  return `unknown author "${username}" (known: ${known}; a new writer is added in src/content/authors.ts)`;
}

export interface StoreOptions {
  /** The JSON store (DATA_FILE). */
  dataFile: string;
}

export interface PublicOptions {
  /** The site's public/ folder, where featured images live. */
  publicDir: string;
}

export type PostState = 'published' | 'scheduled';

/** A post is scheduled while its publishedAt lies in the future; the server hides it until then. */
export function postState(post: Pick<StoredPost, 'publishedAt'>, now: Date = new Date()): PostState {
  return Date.parse(post.publishedAt) > now.getTime() ? 'scheduled' : 'published';
}

function nextId(items: readonly { id: number }[]): number {
  return items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
}

/**
 * Finds a category by slug or by name, ignoring case; failing that, by the slug the text would make
 * ("brand and design" finds "Brand & Design", slug brand-and-design).
 */
export function findCategory(categories: readonly StoredCategory[], wanted: string): StoredCategory | undefined {
  const key = wanted.trim().toLowerCase();
  const slug = slugify(wanted);
  return (
    categories.find((c) => c.slug.toLowerCase() === key) ??
    categories.find((c) => c.name.toLowerCase() === key) ??
    (slug ? categories.find((c) => c.slug === slug) : undefined)
  );
}

function unknownCategory(categories: readonly StoredCategory[], wanted: string): string {
  const known = categories.map((c) => `${c.slug} ("${c.name}")`).join(', ') || 'none yet';
  return `unknown category "${wanted}" (known: ${known}; add one with: npm run content -- categories add <name>)`;
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ContentError(`${file}: file not found`);
    if (code === 'EISDIR') throw new ContentError(`${file}: is a folder, not a file`);
    throw new ContentError(`${file}: cannot be read (${(error as Error).message})`);
  }
}

function slugFor(parsed: ParsedPostFile, source: string): string {
  if (parsed.frontMatter.slug) return parsed.frontMatter.slug;
  const slug = slugify(parsed.frontMatter.title);
  if (!isSlug(slug)) throw new ContentError(`${source}: no slug can be made from the title; give a "slug" key`);
  return slug;
}

// ---------------------------------------------------------------------------------------------- add

export interface AddOptions extends StoreOptions, PublicOptions {
  /** The markdown file with front matter. */
  file: string;
  /** Replace the post that has the same slug instead of refusing a duplicate. */
  update?: boolean;
  /** The time used for defaults and the published/scheduled state (tests). */
  now?: Date;
}

export interface AddResult {
  action: 'added' | 'updated';
  post: StoredPost;
  category: StoredCategory;
  state: PostState;
  /** The file written under public/ when a local featured image was converted. */
  imageFile?: string;
  /** Each local body image converted, from the path written in the markdown to its site path. */
  bodyImages: { source: string; reference: string }[];
}

interface PreparedImages {
  featuredImage: string;
  featured?: ConvertedImage;
  content: string;
  body: { source: string; image: ConvertedImage }[];
}

/**
 * Checks and converts, in memory, every image a post file names: the featured image and each image in its
 * markdown. Local files are converted and their references rewritten to the site paths they will have;
 * https images stay as they are; any other scheme, a missing file or a missing public/ path is a problem.
 * Every problem is listed at once; nothing is written here.
 */
async function prepareImages(
  parsed: ParsedPostFile,
  slug: string,
  options: { file: string; publicDir: string },
): Promise<PreparedImages> {
  const problems: string[] = [];
  const folder = dirname(options.file);
  const attempt = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
      return undefined;
    }
  };

  const front = parsed.frontMatter;
  let featuredImage = front.featuredImage;
  let featured: ConvertedImage | undefined;
  const source = classifyImageSource(front.featuredImage);
  if (source.kind === 'refused') problems.push(`featuredImage "${front.featuredImage}" ${source.reason}`);
  if (source.kind === 'site') {
    const problem = await publicImageProblem(options.publicDir, source.path);
    if (problem) problems.push(`featuredImage ${problem}`);
  }
  if (source.kind === 'local') {
    featured = await attempt(() => convertFeaturedImage(resolve(folder, source.path), source.path, slug));
    if (featured) featuredImage = featured.reference;
  }

  let images: BodyImage[] = [];
  try {
    images = findBodyImages(parsed.content, 'the post');
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    problems.push(error.message.replace(/^the post: /, ''));
  }
  const converted = new Map<string, ConvertedImage | undefined>();
  for (const image of images) {
    const kind = classifyImageSource(image.src);
    if (kind.kind === 'refused') problems.push(`image "${image.src}" ${kind.reason}`);
    if (kind.kind === 'site') {
      const problem = await publicImageProblem(options.publicDir, kind.path);
      if (problem) problems.push(`image ${problem}`);
    }
    if (kind.kind === 'local' && !converted.has(kind.path)) {
      const file = resolve(folder, safeDecode(kind.path));
      converted.set(kind.path, await attempt(() => convertBodyImage(file, kind.path, slug)));
    }
  }
  if (problems.length) throw ContentError.of(`${options.file}`, problems);

  const content = rewriteBodyImages(parsed.content, images, (image) => converted.get(image.src)?.reference);
  const body = [...converted].flatMap(([path, image]) => (image ? [{ source: path, image }] : []));
  return { featuredImage, featured, content, body };
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * Imports one markdown post into the store. Everything is checked before anything is written: the front
 * matter, the slug (unique unless `update`), the id, the author, the category and every image. Converted images
 * get new, content-hashed names, so no file another post uses is ever written over.
 */
export async function addPost(options: AddOptions): Promise<AddResult> {
  const now = options.now ?? new Date();
  const parsed = parsePostFile(await readText(options.file), options.file);
  const front = parsed.frontMatter;
  const slug = slugFor(parsed, options.file);
  const authorProblem = front.author === undefined ? undefined : unknownAuthor(front.author);
  if (authorProblem) throw new ContentError(`${options.file}: ${authorProblem}`);
  const prepared = await prepareImages(parsed, slug, options);
  const { featuredImage } = prepared;

  return modifyStore(options.dataFile, async (data) => {
    const category = findCategory(data.categories, front.category);
    if (!category) throw new ContentError(`${options.file}: ${unknownCategory(data.categories, front.category)}`);

    const existing = data.posts.find((p) => p.slug === slug);
    if (existing && !options.update) {
      throw new ContentError(
        `${options.file}: a post with slug "${slug}" already exists (id ${existing.id}); use --update to replace it`,
      );
    }
    if (!existing && options.update) {
      throw new ContentError(
        `${options.file}: there is no post with slug "${slug}" to update (drop --update to add it)`,
      );
    }

    let id = existing?.id ?? nextId(data.posts);
    if (front.id !== undefined && front.id !== existing?.id) {
      const holder = data.posts.find((p) => p.id === front.id);
      if (holder) throw new ContentError(`${options.file}: id ${front.id} is already used by post "${holder.slug}"`);
      id = front.id;
    }

    const post: StoredPost = {
      id,
      slug,
      title: front.title,
      summary: front.summary,
      content: prepared.content,
      featuredImage,
      categoryId: category.id,
      author: front.author ?? existing?.author ?? defaultAuthor,
      publishedAt: front.publishedAt ?? existing?.publishedAt ?? now.toISOString(),
      createdAt: front.createdAt ?? existing?.createdAt ?? now.toISOString(),
    };
    const posts = existing ? data.posts.map((p) => (p === existing ? post : p)) : [...data.posts, post];
    const result: AddResult = {
      action: existing ? 'updated' : 'added',
      post,
      category,
      state: postState(post, now),
      bodyImages: prepared.body.map(({ source, image }) => ({ source, reference: image.reference })),
    };
    return {
      data: { ...data, posts },
      result,
      beforeWrite: async () => {
        if (prepared.featured) {
          await writeConvertedImage(options.publicDir, prepared.featured);
          const file = publicFilePath(options.publicDir, prepared.featured.reference);
          if (typeof file === 'string') result.imageFile = file;
        }
        for (const { image } of prepared.body) await writeConvertedImage(options.publicDir, image);
      },
    };
  });
}

// --------------------------------------------------------------------------------------------- list

export interface ListedPost {
  id: number;
  slug: string;
  title: string;
  category: string;
  publishedAt: string;
  state: PostState;
}

/** Every post, scheduled ones included, newest publishedAt first. */
export async function listPosts(options: StoreOptions & { now?: Date }): Promise<ListedPost[]> {
  const data = await loadStore(options.dataFile);
  const categories = new Map(data.categories.map((c) => [c.id, c]));
  return [...data.posts]
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || b.id - a.id)
    .map((post) => ({
      id: post.id,
      slug: post.slug,
      title: post.title,
      category: categories.get(post.categoryId)?.slug ?? String(post.categoryId),
      publishedAt: post.publishedAt,
      state: postState(post, options.now),
    }));
}

// ------------------------------------------------------------------------------------------- remove

export interface RemoveResult {
  post: StoredPost;
  /** Files deleted under public/images/blog: the images only this post used, with their copies. */
  deletedImages: string[];
}

/** Deletes a post, then the images only it used (never one another post names). */
export async function removePost(options: StoreOptions & PublicOptions & { slug: string }): Promise<RemoveResult> {
  return modifyStore(options.dataFile, async (data) => {
    const post = data.posts.find((p) => p.slug === options.slug);
    if (!post) throw new ContentError(`no post with slug "${options.slug}" (see: npm run content -- list)`);
    const posts = data.posts.filter((p) => p !== post);
    const stillUsed = new Set(posts.flatMap(imagesOfPost));
    const orphans = imagesOfPost(post).filter((reference) => !stillUsed.has(reference));
    const result: RemoveResult = { post, deletedImages: [] };
    return {
      data: { ...data, posts },
      result,
      afterWrite: async () => {
        result.deletedImages = await deleteImages(options.publicDir, orphans);
      },
    };
  });
}

// --------------------------------------------------------------------------------------- categories

export interface ListedCategory extends StoredCategory {
  posts: number;
}

export async function listCategories(options: StoreOptions): Promise<ListedCategory[]> {
  const data = await loadStore(options.dataFile);
  return data.categories.map((c) => ({ ...c, posts: data.posts.filter((p) => p.categoryId === c.id).length }));
}

export async function addCategory(options: StoreOptions & { name: string; slug?: string }): Promise<StoredCategory> {
  const name = options.name.trim();
  if (!name) throw new ContentError('the category name is empty');
  const slug = options.slug ?? slugify(name);
  if (!isSlug(slug)) {
    throw new ContentError(
      options.slug === undefined
        ? `no slug can be made from "${name}"; give one with --slug`
        : `slug "${slug}" must be lowercase words joined by hyphens, like local-seo`,
    );
  }
  return modifyStore(options.dataFile, async (data) => {
    const sameSlug = data.categories.find((c) => c.slug === slug);
    if (sameSlug) throw new ContentError(`a category with slug "${slug}" already exists ("${sameSlug.name}")`);
    const sameName = data.categories.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (sameName) throw new ContentError(`a category named "${sameName.name}" already exists (slug ${sameName.slug})`);
    const category: StoredCategory = { id: nextId(data.categories), name, slug };
    return { data: { ...data, categories: [...data.categories, category] }, result: category };
  });
}

function categoryBySlug(categories: readonly StoredCategory[], slug: string): StoredCategory {
  const category = categories.find((c) => c.slug === slug);
  if (category) return category;
  const known = categories.map((c) => c.slug).join(', ') || 'none';
  throw new ContentError(`no category with slug "${slug}" (known: ${known})`);
}

export interface RenameCategoryOptions extends StoreOptions {
  /** The category's current slug. */
  slug: string;
  /** The new name shown on the site. */
  name: string;
  /** A new URL slug; by default the slug stays, so links to /blog?category=<slug> keep working. */
  newSlug?: string;
}

/** Renames a category (and, when asked, changes its slug); its posts follow, as they refer to it by id. */
export async function renameCategory(
  options: RenameCategoryOptions,
): Promise<{ before: StoredCategory; after: StoredCategory }> {
  const name = options.name.trim();
  if (!name) throw new ContentError('the category name is empty');
  if (options.newSlug !== undefined && !isSlug(options.newSlug)) {
    throw new ContentError(`slug "${options.newSlug}" must be lowercase words joined by hyphens, like local-seo`);
  }
  return modifyStore(options.dataFile, async (data) => {
    const before = categoryBySlug(data.categories, options.slug);
    const after: StoredCategory = { ...before, name, slug: options.newSlug ?? before.slug };
    const others = data.categories.filter((c) => c !== before);
    const sameSlug = others.find((c) => c.slug === after.slug);
    if (sameSlug) throw new ContentError(`a category with slug "${after.slug}" already exists ("${sameSlug.name}")`);
    const sameName = others.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (sameName) throw new ContentError(`a category named "${sameName.name}" already exists (slug ${sameName.slug})`);
    const categories = data.categories.map((c) => (c === before ? after : c));
    return { data: { ...data, categories }, result: { before, after } };
  });
}

/** Deletes a category that no post uses; one that posts use is refused, naming them. */
export async function removeCategory(options: StoreOptions & { slug: string }): Promise<StoredCategory> {
  return modifyStore(options.dataFile, async (data) => {
    const category = categoryBySlug(data.categories, options.slug);
    const users = data.posts.filter((p) => p.categoryId === category.id).map((p) => p.slug);
    if (users.length) {
      throw new ContentError(
        `category "${category.slug}" is used by ${users.length} post${users.length === 1 ? '' : 's'}: ` +
          `${users.join(', ')} (move them to another category with add --update, or remove them, first)`,
      );
    }
    return { data: { ...data, categories: data.categories.filter((c) => c !== category) }, result: category };
  });
}

// -------------------------------------------------------------------------------------------- check

export interface CheckResult {
  ok: boolean;
  problems: string[];
  /** Worth a look but not wrong: images no post uses, remote images that could not be reached. */
  warnings: string[];
  /** One line: what the store holds (when it could be read). */
  summary: string;
}

function issuePath(issue: z.core.$ZodIssue): string {
  return describeStoreError(new z.ZodError([issue]));
}

/** How long `check` waits for a remote image before saying it could not be reached. */
export const remoteCheckTimeoutMs = 3_000;

/** Undefined when an https image answers, else why not. A missing network is no error: the caller warns. */
async function unreachable(url: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    if (response.ok || response.status === 405) return undefined;
    return `answered HTTP ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if ((error as Error).name === 'TimeoutError') return `did not answer within ${timeoutMs / 1000} s`;
    return `could not be reached (${cause ?? (error as Error).message})`;
  }
}

/**
 * Validates the whole store and every image the posts use (local files exist; remote ones are tried, and an
 * unreachable one is only a warning); lists images under public/images/blog that no post uses. Never writes.
 */
export async function checkStore(
  options: StoreOptions & PublicOptions & { now?: Date; remoteTimeoutMs?: number },
): Promise<CheckResult> {
  const problems: string[] = [];
  const warnings: string[] = [];
  let text: string;
  try {
    text = await readFile(options.dataFile, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'file not found' : (error as Error).message;
    return { ok: false, problems: [`${options.dataFile}: ${reason}`], warnings, summary: '' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [`${options.dataFile}: not valid JSON (${(error as Error).message})`],
      warnings,
      summary: '',
    };
  }
  const result = storeSchema.safeParse(raw);
  if (!result.success) problems.push(...result.error.issues.map(issuePath));

  const posts: unknown[] =
    typeof raw === 'object' && raw !== null && Array.isArray((raw as { posts?: unknown }).posts)
      ? (raw as { posts: unknown[] }).posts
      : [];
  let images = 0;
  const used = new Set<string>();
  const remote = new Map<string, string[]>();
  for (const [index, post] of posts.entries()) {
    if (typeof post !== 'object' || post === null) continue;
    const { featuredImage, slug, content, author } = post as Record<string, unknown>;
    const name = typeof slug === 'string' ? `post "${slug}"` : `posts[${index}]`;
    if (typeof author === 'string') {
      const problem = unknownAuthor(author);
      if (problem) warnings.push(`${name}: ${problem}`);
    }
    if (typeof featuredImage === 'string') {
      const source = classifyImageSource(featuredImage);
      if (source.kind === 'remote') {
        remote.set(source.url, [...(remote.get(source.url) ?? []), `${name}: featuredImage`]);
        images += 1;
      } else {
        const problem = await publicImageProblem(options.publicDir, featuredImage);
        if (problem) problems.push(`${name}: featuredImage ${problem}`);
        else images += 1;
        used.add(featuredImage);
      }
    }
    if (typeof content !== 'string') continue;
    let body: BodyImage[] = [];
    try {
      body = findBodyImages(content, name);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
    }
    for (const image of body) {
      const source = classifyImageSource(image.src);
      if (source.kind === 'remote') remote.set(source.url, [...(remote.get(source.url) ?? []), `${name}: image`]);
      else if (source.kind === 'refused') problems.push(`${name}: image "${image.src}" ${source.reason}`);
      else if (source.kind === 'local') {
        problems.push(`${name}: image "${image.src}" is a relative path; the store needs /images/blog/… or https://`);
      } else {
        const problem = await publicImageProblem(options.publicDir, source.path);
        if (problem) problems.push(`${name}: image ${problem}`);
      }
    }
    for (const reference of blogImageReferences(content)) used.add(reference);
  }

  const timeoutMs = options.remoteTimeoutMs ?? remoteCheckTimeoutMs;
  const answers = await Promise.all([...remote.keys()].map((url) => unreachable(url, timeoutMs)));
  [...remote].forEach(([url, users], index) => {
    const reason = answers[index];
    if (reason) warnings.push(`${users.join(', ')} ${url} ${reason} (no error: it may be this machine's network)`);
  });

  const copyOf = new RegExp(`-(?:${[...copyWidths, maxBodyImageWidth].join('|')})\\.webp$`);
  const files = await listBlogImages(options.publicDir);
  const present = new Set(files);
  for (const file of files) {
    if (used.has(file)) continue;
    const base = file.replace(copyOf, '.webp');
    if (base !== file && (used.has(base) || present.has(base))) continue; // a copy: reported with its image
    warnings.push(`${join(options.publicDir, file)}: no post uses this image (delete it if nothing else links to it)`);
  }

  let summary = '';
  if (result.success) {
    const scheduled = result.data.posts.filter((p) => postState(p, options.now) === 'scheduled').length;
    summary =
      `${options.dataFile}: ${result.data.posts.length} posts (${result.data.posts.length - scheduled} published, ` +
      `${scheduled} scheduled), ${result.data.categories.length} categories, ${images} featured images found`;
  }
  return { ok: problems.length === 0, problems, warnings, summary };
}

// ------------------------------------------------------------------------------------ export / import

const postsFolder = 'posts';
const categoriesFile = 'categories.json';

/** categories.json as the seeded file writes it: one category per line. */
export function categoriesJson(categories: readonly StoredCategory[]): string {
  const lines = categories.map(
    (c) => `  { "id": ${c.id}, "name": ${JSON.stringify(c.name)}, "slug": ${JSON.stringify(c.slug)} }`,
  );
  return lines.length ? `[\n${lines.join(',\n')}\n]\n` : '[]\n';
}

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
 * A backup: every post (scheduled ones included) as markdown with front matter, the categories, and every image
 * the posts use (with its smaller copies) at its site path under `dir`, so that `import` into an empty site
 * gives back the same store and the same files.
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
    const { categoryId: _categoryId, ...fields } = post;
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
      warnings.push(`${reference} (used by ${users.join(', ')}) is missing under ${options.publicDir}: not in the backup`);
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
 * problem nothing is written and the error lists them all. Files need fixed dates (publishedAt, createdAt) so
 * that importing twice gives the same store; posts without an id get the next free ids, in file name order.
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
    if (!front.publishedAt) fileProblems.push('missing required key "publishedAt" (an import needs fixed dates)');
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
          fileProblems.push(`image "${image.src}" must be a path under public/ or an https:// URL (add converts local images)`);
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
    if (fileProblems.length || !category || !front.publishedAt || !front.createdAt) {
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
      warnings.push(`post "${users.join('", "')}": image "${reference}" is neither in ${options.dir} nor under ${options.publicDir}`);
    }
  }
  if (problems.length) throw ContentError.of(`import from ${options.dir} failed, nothing was written`, problems);

  let data: StoreData;
  try {
    data = await replaceStore(options.dataFile, { categories, posts }, async () => {
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
