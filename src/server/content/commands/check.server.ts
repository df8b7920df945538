import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { copyWidths } from '../../../lib/post-image.ts';
import { describeStoreError, storeSchema, type StoreData } from '../../../lib/store-schema.ts';
import { unknownAuthor } from '../authors.server.ts';
import { typedPrices } from '../typed-prices.server.ts';
import { ContentError } from '../content-error.server.ts';
import type { StoreOptions } from '../content-store.server.ts';
import {
  blogImageReferences,
  classifyImageSource,
  findBodyImages,
  listBlogImages,
  maxBodyImageWidth,
  publicImageProblem,
  type BodyImage,
  type PublicOptions,
} from '../images.server.ts';
import { stateCounts } from '../post-state.server.ts';

export interface CheckResult {
  ok: boolean;
  problems: string[];
  /** Worth a look but not wrong: images no post uses, remote images that could not be reached. */
  warnings: string[];
  /** One line: what the store holds (when it could be read). */
  summary: string;
  /**
   * The categories that name no package, and the posts that end with the offer's default package because neither
   * they nor their category name one (when the store could be read).
   */
  defaultPlan: { categories: string[]; posts: string[] };
}

/** The categories and posts that rely on the offer's default package for posts. */
function onDefaultPlan(data: StoreData): CheckResult['defaultPlan'] {
  const planless = new Set(data.categories.filter((category) => !category.plan).map((category) => category.id));
  return {
    categories: data.categories.filter((category) => planless.has(category.id)).map((category) => category.slug),
    posts: data.posts.filter((post) => !post.plan && planless.has(post.categoryId)).map((post) => post.slug),
  };
}

function issuePath(issue: z.core.$ZodIssue): string {
  return describeStoreError(new z.ZodError([issue]));
}

const none = (): CheckResult['defaultPlan'] => ({ categories: [], posts: [] });

/** How long `check` waits for a remote image before saying it could not be reached. */
const remoteCheckTimeoutMs = 3_000;

/** Undefined when an https image answers, else why not. A missing network is no error: the caller warns. */
async function unreachable(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      redirect: 'follow',
      signal: AbortSignal.timeout(remoteCheckTimeoutMs),
    });
    if (response.ok || response.status === 405) return undefined;
    return `answered HTTP ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if ((error as Error).name === 'TimeoutError') return `did not answer within ${remoteCheckTimeoutMs / 1000} s`;
    return `could not be reached (${cause ?? (error as Error).message})`;
  }
}

/**
 * Validates the whole store and every image the posts use (local files exist; remote ones are tried, and an
 * unreachable one is only a warning); lists images under public/images/blog that no post uses. Never writes.
 */
export async function checkStore(options: StoreOptions & PublicOptions): Promise<CheckResult> {
  const problems: string[] = [];
  const warnings: string[] = [];
  let text: string;
  try {
    text = await readFile(options.dataFile, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'file not found' : (error as Error).message;
    return { ok: false, problems: [`${options.dataFile}: ${reason}`], warnings, summary: '', defaultPlan: none() };
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
      defaultPlan: none(),
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
    if (typeof content === 'string') warnings.push(...typedPrices(content).map((warning) => `${name}: ${warning}`));
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

  const answers = await Promise.all([...remote.keys()].map((url) => unreachable(url)));
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
  let defaultPlan = none();
  if (result.success) {
    defaultPlan = onDefaultPlan(result.data);
    summary =
      `${options.dataFile}: ${result.data.posts.length} posts (${stateCounts(result.data.posts)}), ` +
      `${result.data.categories.length} categories, ${images} featured images found`;
  }
  return { ok: problems.length === 0, problems, warnings, summary, defaultPlan };
}
