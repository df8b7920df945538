import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { copyWidths, featuredImageSize, imageCopyPath } from '../../lib/post-image.ts';
import { postSchema } from '../store-schema.ts';
import { ContentError } from './content-error.server.ts';

/** Local image files that `add` converts to WebP. */
export const convertibleExtensions = ['.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif', '.tif', '.tiff', '.svg'];

const webpQuality = 80;

/** Where `add` puts a converted image, as referenced from the site. */
export function blogImageReference(slug: string): string {
  return `/images/blog/${slug}.webp`;
}

/** A featuredImage value starting with "/" refers to a file under public/; anything else is a local file. */
export function isPublicReference(value: string): boolean {
  return value.startsWith('/');
}

/** The file a public reference points at, or a description of why it cannot point anywhere. */
export function publicFilePath(publicDir: string, reference: string): string | { problem: string } {
  const format = postSchema.shape.featuredImage.safeParse(reference);
  if (!format.success) {
    return { problem: `"${reference}" ${format.error.issues[0]?.message ?? 'is not a valid path'}` };
  }
  if (reference.split('/').some((part) => part === '..' || part === '.')) {
    return { problem: `"${reference}" must not contain "." or ".." segments` };
  }
  const root = resolve(publicDir);
  const file = resolve(root, `.${reference}`);
  if (!file.startsWith(root + sep)) return { problem: `"${reference}" points outside ${publicDir}` };
  return file;
}

async function isFile(path: string): Promise<boolean> {
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

/** Reads a local image and converts it to the featured image format, in memory: nothing is written yet. */
export async function convertImage(source: string, label = source): Promise<Buffer> {
  const extension = extname(source).toLowerCase();
  if (!convertibleExtensions.includes(extension)) {
    throw new ContentError(
      `featuredImage "${label}" is not an image file this command converts (use ${convertibleExtensions.join(', ')})`,
    );
  }
  if (!(await isFile(source))) throw new ContentError(`featuredImage "${label}" does not exist (looked for ${source})`);
  try {
    return await sharp(source)
      .resize(featuredImageSize.width, featuredImageSize.height, { fit: 'cover' })
      .webp({ quality: webpQuality })
      .toBuffer();
  } catch (error) {
    throw new ContentError(`featuredImage "${label}" could not be converted (${(error as Error).message})`);
  }
}

/** Writes a file under publicDir atomically (temporary file, then rename) and returns its path. */
export async function writePublicFile(publicDir: string, reference: string, bytes: Buffer): Promise<string> {
  const file = publicFilePath(publicDir, reference);
  if (typeof file !== 'string') throw new ContentError(`featuredImage ${file.problem}`);
  await mkdir(dirname(file), { recursive: true });
  const temporary = join(dirname(file), `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return file;
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
