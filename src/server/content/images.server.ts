import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import MarkdownIt from 'markdown-it';
import sharp from 'sharp';
import { copyWidths, featuredImageSize, imageCopyPath, isRemoteImage, sitePathPattern } from '../../lib/post-image.ts';
import { slugify } from '../../lib/slug.ts';
import { writeFileAtomically } from '../files/atomic-write.server.ts';
import { ContentError } from './content-error.server.ts';

export interface PublicOptions {
  /** The site's public/ folder, where featured images live. */
  publicDir: string;
}

/** Local image files that `add` converts to WebP (featured images also take .tif and .tiff). */
export const bodyImageExtensions = ['.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif', '.svg'];
export const convertibleExtensions = [...bodyImageExtensions, '.tif', '.tiff'];

/** Body images are at most this wide: the post column is narrower, and a 2× screen still gets a sharp image. */
export const maxBodyImageWidth = 1200;

/** The folder of the images the content command converts. */
export const blogImagesPath = '/images/blog/';

const webpQuality = 80;

/** Where an image a post names points: a file under public/, a remote https URL, a local file to convert. */
export type ImageSource =
  | { kind: 'site'; path: string }
  | { kind: 'remote'; url: string }
  | { kind: 'local'; path: string }
  | { kind: 'refused'; reason: string };

/** Sorts an image reference from front matter or markdown. Only https images leave the site. */
export function classifyImageSource(src: string): ImageSource {
  const value = src.trim();
  if (isRemoteImage(value)) return { kind: 'remote', url: value };
  if (value.startsWith('//')) return { kind: 'refused', reason: 'has no scheme; write the full https:// URL' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'http')
    return { kind: 'refused', reason: 'uses http:, which browsers block on an https page; use https://' };
  if (scheme === 'https') return { kind: 'refused', reason: 'is not a valid https:// URL' };
  if (scheme) return { kind: 'refused', reason: `uses ${scheme}:, which is never allowed for an image` };
  if (value.startsWith('/')) return { kind: 'site', path: value };
  if (!value) return { kind: 'refused', reason: 'is empty' };
  return { kind: 'local', path: value };
}

/** The file a public reference points at, or a description of why it cannot point anywhere. */
export function publicFilePath(publicDir: string, reference: string): string | { problem: string } {
  if (!sitePathPattern.test(reference)) {
    return { problem: `"${reference}" must be a path under public/, like /images/blog/x.webp` };
  }
  if (reference.split('/').some((part) => part === '..' || part === '.')) {
    return { problem: `"${reference}" must not contain "." or ".." segments` };
  }
  const root = resolve(publicDir);
  const file = resolve(root, `.${reference}`);
  if (!file.startsWith(root + sep)) return { problem: `"${reference}" points outside ${publicDir}` };
  return file;
}

export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Undefined when the reference names an existing file under publicDir, else what is wrong with it. */
export async function publicImageProblem(publicDir: string, reference: string): Promise<string | undefined> {
  const file = publicFilePath(publicDir, reference);
  if (typeof file !== 'string') return file.problem;
  if (!(await isFile(file))) return `"${reference}" does not exist (looked for ${join(publicDir, reference)})`;
  return undefined;
}

// ------------------------------------------------------------------------------------------- converting

/** An image converted in memory, with its smaller copies: nothing is written until `writeConvertedImage`. */
export interface ConvertedImage {
  /** The site path: `/images/blog/<post-slug>/<stem>-<hash8>.webp`. */
  reference: string;
  bytes: Buffer;
  copies: { width: number; bytes: Buffer }[];
}

/**
 * The name of a converted image carries the first 8 hex characters of its bytes' SHA-256: a name never points
 * at other bytes, so no post's image is ever overwritten, an updated image gets a new URL, and browsers and CDNs
 * may keep such a file for a year (docs/decisions/content-hashed-images.md).
 */
export function convertedImageReference(postSlug: string, sourceFile: string, bytes: Buffer): string {
  const stem =
    slugify(basename(sourceFile, extname(sourceFile)))
      .slice(0, 60)
      .replace(/-+$/, '') || 'image';
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  return `${blogImagesPath}${postSlug}/${stem}-${hash}.webp`;
}

async function checkedSource(source: string, label: string, extensions: string[]): Promise<void> {
  if (!extensions.includes(extname(source).toLowerCase())) {
    throw new ContentError(`${label} is not an image file this command converts (use ${extensions.join(', ')})`);
  }
  if (!(await isFile(source))) throw new ContentError(`${label} does not exist (looked for ${source})`);
}

async function withCopies(reference: string, bytes: Buffer, width: number, label: string): Promise<ConvertedImage> {
  try {
    const copies = await Promise.all(
      copyWidths
        .filter((copyWidth) => copyWidth < width)
        .map(async (copyWidth) => ({
          width: copyWidth,
          bytes: await sharp(bytes).resize({ width: copyWidth }).webp({ quality: 78, effort: 5 }).toBuffer(),
        })),
    );
    return { reference, bytes, copies };
  } catch (error) {
    throw new ContentError(`${label} could not be converted (${(error as Error).message})`);
  }
}

/** Converts a local featured image: cropped to 1200×630 WebP, with the 480 and 800 pixel copies. */
export async function convertFeaturedImage(source: string, label: string, postSlug: string): Promise<ConvertedImage> {
  const name = `featuredImage "${label}"`;
  await checkedSource(source, name, convertibleExtensions);
  let bytes: Buffer;
  try {
    bytes = await sharp(source)
      .resize(featuredImageSize.width, featuredImageSize.height, { fit: 'cover' })
      .webp({ quality: webpQuality })
      .toBuffer();
  } catch (error) {
    throw new ContentError(`${name} could not be converted (${(error as Error).message})`);
  }
  return withCopies(convertedImageReference(postSlug, source, bytes), bytes, featuredImageSize.width, name);
}

/**
 * Converts a local image from a post's body: WebP, no crop, at most `maxBodyImageWidth` wide (never enlarged),
 * turned upright by its EXIF orientation, with the 480 and 800 pixel copies it is wider than.
 */
export async function convertBodyImage(source: string, label: string, postSlug: string): Promise<ConvertedImage> {
  const name = `image "${label}"`;
  await checkedSource(source, name, bodyImageExtensions);
  let bytes: Buffer;
  let width: number;
  try {
    const { data, info } = await sharp(source)
      .rotate()
      .resize({ width: maxBodyImageWidth, withoutEnlargement: true })
      .webp({ quality: webpQuality })
      .toBuffer({ resolveWithObject: true });
    bytes = data;
    width = info.width;
  } catch (error) {
    throw new ContentError(`${name} could not be converted (${(error as Error).message})`);
  }
  return withCopies(convertedImageReference(postSlug, source, bytes), bytes, width, name);
}

/**
 * Puts a converted image and its copies under publicDir. A file that already exists is left alone: its hashed
 * name says it holds these very bytes. Returns the files written.
 */
export async function writeConvertedImage(publicDir: string, image: ConvertedImage): Promise<string[]> {
  const file = publicFilePath(publicDir, image.reference);
  if (typeof file !== 'string') throw new ContentError(`image ${file.problem}`);
  const written: string[] = [];
  for (const [target, bytes] of [
    [file, image.bytes] as const,
    ...image.copies.map((copy) => [imageCopyPath(file, copy.width), copy.bytes] as const),
  ]) {
    if (await isFile(target)) continue;
    await mkdir(dirname(target), { recursive: true });
    await writeFileAtomically(target, bytes);
    written.push(target);
  }
  return written;
}

/** Writes the smaller copies of one featured image (for srcset), skipping those already newer than it. */
export async function writeImageCopies(image: string): Promise<string[]> {
  const written: string[] = [];
  const imageTime = (await stat(image)).mtimeMs;
  for (const width of copyWidths) {
    const target = imageCopyPath(image, width);
    const existing = await stat(target).catch(() => undefined);
    if (existing && existing.mtimeMs >= imageTime) continue;
    await sharp(image).resize({ width }).webp({ quality: 78, effort: 5 }).toFile(target);
    written.push(target);
  }
  return written;
}

// ------------------------------------------------------------------------------------- body images

/** One inline image in a post's markdown: `![alt](destination "title")`. */
export interface BodyImage {
  /** The destination as the reader's browser would request it (angle brackets and escapes removed). */
  src: string;
  /** Where the destination's text sits in the markdown, to rewrite it. */
  start: number;
  end: number;
}

const parser = new MarkdownIt({ html: false });

const inlineImage =
  /!\[((?:\\.|[^\]\\\n])*)\]\([ \t]*(<[^>\n]*>|(?:\\.|[^\s()\\]|\((?:\\.|[^\s()\\])*\))+)((?:[ \t]+(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^()\\])*\)))?)[ \t]*\)/g;

/** Lines inside fenced or indented code: an image written there is text, not an image. */
function codeLines(markdown: string): Set<number> {
  const lines = new Set<number>();
  for (const token of parser.parse(markdown, {})) {
    if ((token.type === 'fence' || token.type === 'code_block') && token.map) {
      for (let line = token.map[0]; line < token.map[1]; line += 1) lines.add(line);
    }
  }
  return lines;
}

/** Every image source markdown-it sees in the post, as it would render it (reference-style ones included). */
function renderedImageSources(markdown: string): string[] {
  const sources: string[] = [];
  const visit = (tokens: ReturnType<typeof parser.parse>) => {
    for (const token of tokens) {
      if (token.type === 'image') sources.push(String(token.attrGet('src') ?? ''));
      if (token.children) visit(token.children);
    }
  };
  visit(parser.parse(markdown, {}));
  return sources;
}

/**
 * Finds the inline images of a post's markdown, outside code blocks and code spans. Throws when markdown-it
 * sees a local image this cannot rewrite (a reference-style one), so that no image is left as a broken link.
 */
export function findBodyImages(markdown: string, label: string): BodyImage[] {
  const skip = codeLines(markdown);
  const images: BodyImage[] = [];
  let offset = 0;
  for (const [index, line] of markdown.split('\n').entries()) {
    if (!skip.has(index)) {
      const masked = line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length));
      for (const match of masked.matchAll(inlineImage)) {
        const alt = match[1] ?? '';
        const destination = match[2] ?? '';
        const afterParen = match[0].slice(4 + alt.length);
        const lead = afterParen.length - afterParen.replace(/^[ \t]*/, '').length;
        const start = offset + (match.index ?? 0) + 4 + alt.length + lead;
        const src = destination.startsWith('<')
          ? destination.slice(1, -1)
          : destination.replace(/\\([!-/:-@[-`{-~])/g, '$1');
        images.push({ src, start, end: start + destination.length });
      }
    }
    offset += line.length + 1;
  }
  const found = new Set(images.map((image) => parser.normalizeLink(image.src)));
  for (const src of renderedImageSources(markdown)) {
    if (classifyImageSource(src).kind === 'local' && !found.has(src)) {
      throw new ContentError(
        `${label}: image "${src}" is written in a form this command cannot rewrite; write it inline: ![alt](${src})`,
      );
    }
  }
  return images;
}

/** The markdown with each image's destination replaced (`replace` returns undefined to keep one). */
export function rewriteBodyImages(
  markdown: string,
  images: readonly BodyImage[],
  replace: (image: BodyImage) => string | undefined,
): string {
  let result = markdown;
  for (const image of [...images].sort((a, b) => b.start - a.start)) {
    const next = replace(image);
    if (next !== undefined) result = result.slice(0, image.start) + next + result.slice(image.end);
  }
  return result;
}

/** The site paths under /images/blog/ a post's markdown names (where the content command puts images). */
export function blogImageReferences(markdown: string): string[] {
  return [...markdown.matchAll(/(?<![\w.:/%-])\/images\/blog\/[\w./-]*\w/g)].map((match) => match[0]);
}

/** Everything a post shows from public/: its featured image when local, and the blog images its body names. */
export function imagesOfPost(post: { featuredImage: string; content: string }): string[] {
  const featured = classifyImageSource(post.featuredImage).kind === 'site' ? [post.featuredImage] : [];
  return [...new Set([...featured, ...blogImageReferences(post.content)])];
}

/** A site path's file and the smaller copies beside it (those that exist). */
export async function imageFiles(publicDir: string, reference: string): Promise<string[]> {
  const file = publicFilePath(publicDir, reference);
  if (typeof file !== 'string') return [];
  const candidates = [file, ...[...copyWidths, maxBodyImageWidth].map((width) => imageCopyPath(file, width))];
  const present = await Promise.all(candidates.map(async (candidate) => ((await isFile(candidate)) ? candidate : '')));
  return present.filter(Boolean);
}

/**
 * Deletes images that only removed posts used. Only files under public/images/blog are ever deleted (a featured
 * image such as /og.png belongs to the site), with their copies, then the post's folder when it is left empty.
 */
export async function deleteImages(publicDir: string, references: readonly string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (const reference of references) {
    if (!reference.startsWith(blogImagesPath)) continue;
    for (const file of await imageFiles(publicDir, reference)) {
      await rm(file, { force: true });
      deleted.push(file);
    }
    const folder = dirname(resolve(publicDir, `.${reference}`));
    if (folder !== resolve(publicDir, `.${blogImagesPath}`).replace(/[\\/]$/, '')) {
      await rmdir(folder).catch(() => undefined); // only when empty
    }
  }
  return deleted;
}

/** Every file under public/images/blog, as site paths. */
export async function listBlogImages(publicDir: string): Promise<string[]> {
  const root = resolve(publicDir, `.${blogImagesPath}`);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => `/${relative(resolve(publicDir), join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .sort();
}

/** Whether two files hold the same bytes. */
export async function sameBytes(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([readFile(a), readFile(b)]);
  return left.equals(right);
}

/** Copies a file in one step (readers see no half-copied image), creating the target's folder. */
export async function copyFileAtomically(source: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await writeFileAtomically(target, await readFile(source));
}
