import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Widths written beside every 1200-pixel featured image (see src/components/PostImage.tsx). */
export const variantWidths = [480, 800] as const;

export function variantPath(master: string, width: number): string {
  return master.replace(/\.webp$/, `-${width}.webp`);
}

const isVariant = (file: string) => /-\d+\.webp$/.test(file);

/** Writes the smaller copies of one featured image, skipping those already newer than it. */
export async function writeVariants(master: string): Promise<string[]> {
  const written: string[] = [];
  const masterTime = (await stat(master)).mtimeMs;
  for (const width of variantWidths) {
    const target = variantPath(master, width);
    const existing = await stat(target).catch(() => undefined);
    if (existing && existing.mtimeMs >= masterTime) continue;
    await sharp(master).resize({ width }).webp({ quality: 78, effort: 5 }).toFile(target);
    written.push(target);
  }
  return written;
}

export async function writeAllVariants(directory: string): Promise<string[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.webp') && !isVariant(file));
  const written = await Promise.all(files.map((file) => writeVariants(path.join(directory, file))));
  return written.flat();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const directory = process.argv[2] ?? 'public/images/blog';
  const written = await writeAllVariants(directory);
  console.log(`responsive images: ${written.length} written in ${directory}`);
}
