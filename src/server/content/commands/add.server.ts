import { dirname, resolve } from 'node:path';
import { defaultAuthor } from '../../../content/authors.ts';
import { newPreviewKey } from '../../preview-links.server.ts';
import type { StoredCategory, StoredPost } from '../../../lib/store-schema.ts';
import { unknownAuthor } from '../authors.server.ts';
import { ContentError } from '../content-error.server.ts';
import { modifyStore, nextId, type StoreOptions } from '../content-store.server.ts';
import {
  classifyImageSource,
  convertBodyImage,
  convertFeaturedImage,
  findBodyImages,
  publicFilePath,
  publicImageProblem,
  rewriteBodyImages,
  writeConvertedImage,
  type BodyImage,
  type ConvertedImage,
  type PublicOptions,
} from '../images.server.ts';
import { parsePostFile, readText, slugFor, type ParsedPostFile } from '../post-file.server.ts';
import { postState, type PostState } from '../post-state.server.ts';
import { typedPrices } from '../typed-prices.server.ts';
import { findCategory, unknownCategory } from './categories.server.ts';

export interface AddOptions extends StoreOptions, PublicOptions {
  /** The markdown file with front matter. */
  file: string;
  /** Replace the post that has the same slug instead of refusing a duplicate. */
  update?: boolean;
  /** Store it as a draft (no publishedAt, whatever the front matter says): hidden until `publish`. */
  draft?: boolean;
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
  /** What the post was added with but should change: a package's price typed in its body. */
  warnings: string[];
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
 * The preview key an updated post keeps: its own, unless the update takes a public post out of view again. Links
 * made before it went public would otherwise show it again; its author makes new ones for the next review.
 * Why: docs/decisions/preview-links.md
 */
export function keptPreviewKey(
  existing: StoredPost | undefined,
  publishedAt: string | null,
  now: Date,
): string | undefined {
  if (!existing) return undefined;
  const unpublished = postState(existing, now) === 'published' && postState({ publishedAt }, now) !== 'published';
  return unpublished ? undefined : existing.previewKey;
}

/**
 * Imports one markdown post into the store. Everything is checked before anything is written: the front
 * matter, the slug (unique unless `update`), the id, the author, the category and every image. Converted images
 * get new, content-hashed names, so no file another post uses is ever written over.
 */
export async function addPost(options: AddOptions): Promise<AddResult> {
  const now = new Date();
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

    // Without a time in the file, an updated post keeps its own: a draft's null too, which `??` would drop.
    const ownTime = existing ? existing.publishedAt : now.toISOString();
    const publishedAt = options.draft ? null : front.publishedAt === undefined ? ownTime : front.publishedAt;
    const post: StoredPost = {
      id,
      slug,
      title: front.title,
      summary: front.summary,
      content: prepared.content,
      featuredImage,
      categoryId: category.id,
      author: front.author ?? existing?.author ?? defaultAuthor,
      ...(front.plan ? { plan: front.plan } : {}),
      publishedAt,
      createdAt: front.createdAt ?? existing?.createdAt ?? now.toISOString(),
      previewKey: keptPreviewKey(existing, publishedAt, now) ?? newPreviewKey(),
    };
    const posts = existing ? data.posts.map((p) => (p === existing ? post : p)) : [...data.posts, post];
    const result: AddResult = {
      action: existing ? 'updated' : 'added',
      post,
      category,
      state: postState(post, now),
      bodyImages: prepared.body.map(({ source, image }) => ({ source, reference: image.reference })),
      warnings: typedPrices(parsed.content).map((warning) => `${options.file}: ${warning}`),
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
