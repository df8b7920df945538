import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { imageSizeFromFile } from 'image-size/fromFile';

/** What a post's page needs to show one of the site's own images: its size, and its smaller copies if any. */
export interface LocalImage {
  width: number;
  height: number;
  /** `srcset` of the copies that exist (`x-480.webp 480w, …, x.webp 1600w`), when there are any. */
  srcset?: string;
}

/** Site path (`/images/blog/post/chart-1a2b3c4d.webp`) → what is known about the file. */
export type LocalImages = ReadonlyMap<string, LocalImage>;

/** Widths of the copies the build and the content command write beside a body image (`x-480.webp`, …). */
export const bodyCopyWidths = [480, 800, 1200] as const;

// A site path to an image, wherever it appears in the markdown (inline image, reference definition, link): finding
// a few too many only costs a stat of a file that is then unused.
const sitePathReference = /(?<![\w/:.%-])\/(?![/\\])[\w./%-]+\.(?:webp|png|jpe?g|gif|avif|svg)(?![\w.-])/gi;

/** Every site path to an image that the markdown mentions. */
export function imageReferences(markdown: string): string[] {
  return markdown.match(sitePathReference) ?? [];
}

interface Known {
  mtimeMs: number;
  size: number;
  image: LocalImage | undefined;
}

async function statOf(file: string) {
  try {
    const info = await stat(file);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

// Why sizes are read at load rather than stored in the markdown: docs/decisions/post-media.md.
/**
 * Reads the width and height of every local image the posts' markdown refers to, once per store load, so that no
 * request reads a file. Sizes are kept by path, file time and length, so a reload reads only new or changed files.
 */
export class LocalImageCatalog {
  private known = new Map<string, Known>();

  constructor(private readonly publicDir: string) {}

  async load(markdowns: readonly string[]): Promise<LocalImages> {
    const paths = new Set<string>();
    for (const markdown of markdowns) for (const path of imageReferences(markdown)) paths.add(path);
    const next = new Map<string, Known>();
    const images = new Map<string, LocalImage>();
    await Promise.all(
      [...paths].map(async (path) => {
        const known = await this.read(path);
        if (!known) return;
        next.set(path, known);
        if (known.image) images.set(path, known.image);
      }),
    );
    this.known = next;
    return images;
  }

  private fileOf(path: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (decoded.split('/').some((part) => part === '..' || part === '.')) return undefined;
    const root = resolve(this.publicDir);
    const file = resolve(root, `.${decoded}`);
    return file.startsWith(root + sep) ? file : undefined;
  }

  private async read(path: string): Promise<Known | undefined> {
    const file = this.fileOf(path);
    const info = file && (await statOf(file));
    if (!file || !info) return undefined;
    const previous = this.known.get(path);
    const unchanged = previous && previous.mtimeMs === info.mtimeMs && previous.size === info.size;
    let image = unchanged ? previous.image : await this.measure(file);
    if (image && path.endsWith('.webp')) image = { ...image, srcset: await this.srcset(path, file, image.width) };
    return { mtimeMs: info.mtimeMs, size: info.size, image };
  }

  private async measure(file: string): Promise<LocalImage | undefined> {
    try {
      // image-size reads the start of the file, not the whole picture, and keeps the server free of sharp (about
      // 15 MiB a process). It reads EXIF orientation from JPEGs only: the content command rotates what it converts.
      const { width, height, orientation } = await imageSizeFromFile(file);
      if (!width || !height) return undefined;
      // EXIF orientations 5–8 turn the picture a quarter: the browser shows it height × width.
      return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
    } catch {
      return undefined;
    }
  }

  /** The copies that exist beside the image (checked at every load: the build may have added them since). */
  private async srcset(path: string, file: string, width: number): Promise<string | undefined> {
    const copies: string[] = [];
    for (const copyWidth of bodyCopyWidths) {
      if (copyWidth >= width) continue;
      const copy = `-${copyWidth}.webp`;
      if (await statOf(file.replace(/\.webp$/, copy))) copies.push(`${path.replace(/\.webp$/, copy)} ${copyWidth}w`);
    }
    return copies.length ? [...copies, `${path} ${width}w`].join(', ') : undefined;
  }
}
