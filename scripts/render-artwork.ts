/**
 * Renders the hand-written SVG artwork in content/images/ to the static assets
 * served from public/.
 *
 *   content/images/*.svg             -> public/images/blog/<name>.webp (1200x630)
 *   content/images/brand/logo-mark.svg -> public/favicon-32.png,
 *                                       apple-touch-icon.png, icon-192.png, icon-512.png
 *   content/images/brand/og-default.svg -> public/og-default.png (1200x630)
 *   content/images/<slug>/<stem>.svg -> public/images/blog/<slug>/<stem>-<hash8>.webp (1200 wide, its own ratio)
 *                                       + -480 and -800 copies: the body images of the seeded post <slug>,
 *                                       named as the content command names them (hash8: the first 8 hex digits
 *                                       of the WebP's SHA-256); content/posts/<slug>.md is pointed at the new name
 *   (generated)                      -> public/site.webmanifest
 *
 * Usage: npx tsx scripts/render-artwork.ts
 * Exits 1 if an output is over its size budget or a source is missing.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { featuredImageSize } from '../src/lib/post-image.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC_DIR = path.join(ROOT, 'content', 'images');
const BRAND_DIR = path.join(SRC_DIR, 'brand');
const PUBLIC_DIR = path.join(ROOT, 'public');
const BLOG_OUT_DIR = path.join(PUBLIC_DIR, 'images', 'blog');

const KIB = 1024;
const MAX_IMAGE_BYTES = 200 * KIB;

const { width: ART_WIDTH, height: ART_HEIGHT } = featuredImageSize;

const BRAND = {
  name: 'Newcastle Marketing Studio',
  shortName: 'NMS',
  background: '#f8fafc',
  theme: '#0b3b4f',
} as const;

interface Output {
  file: string;
  bytes: number;
  limit: number;
}

const outputs: Output[] = [];

function rel(file: string): string {
  return path.relative(ROOT, file);
}

function formatBytes(bytes: number): string {
  return bytes < KIB ? `${bytes} B` : `${(bytes / KIB).toFixed(1)} KiB`;
}

async function record(file: string, limit: number): Promise<void> {
  const { size } = await stat(file);
  outputs.push({ file, bytes: size, limit });
  const flag = size > limit ? '  <-- OVER BUDGET' : '';
  console.log(`  ${rel(file).padEnd(48)} ${formatBytes(size).padStart(10)}${flag}`);
}

/** Render an SVG so that its intrinsic size maps exactly onto width x height. */
async function rasterise(svg: Buffer, width: number, height: number): Promise<Sharp> {
  const meta = await sharp(svg).metadata();
  const intrinsicWidth = meta.width ?? width;
  // Render at (at least) the target resolution so small viewBoxes stay crisp.
  const density = Math.max(72, Math.ceil((72 * width) / intrinsicWidth));
  return sharp(svg, { density }).resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
}

async function renderBlogArtwork(): Promise<void> {
  const entries = await readdir(SRC_DIR, { withFileTypes: true });
  const sources = entries
    .filter((e) => e.isFile() && e.name.endsWith('.svg'))
    .map((e) => e.name)
    .sort();
  if (sources.length === 0) {
    throw new Error(`No SVG sources found in ${rel(SRC_DIR)}`);
  }
  await mkdir(BLOG_OUT_DIR, { recursive: true });
  console.log(`Blog artwork (${sources.length} files):`);
  for (const name of sources) {
    const svg = await readFile(path.join(SRC_DIR, name));
    const out = path.join(BLOG_OUT_DIR, `${path.basename(name, '.svg')}.webp`);
    const image = await rasterise(svg, ART_WIDTH, ART_HEIGHT);
    // 'drawing' + smart subsampling keeps flat colours and thin lines free of chroma ringing.
    await image.webp({ quality: 80, effort: 6, preset: 'drawing', smartSubsample: true }).toFile(out);
    await record(out, MAX_IMAGE_BYTES);
  }
}

const BODY_WIDTH = 1200;
const BODY_COPY_WIDTHS = [480, 800];
const POSTS_DIR = path.join(ROOT, 'content', 'posts');

/** The seeded posts' body images: one folder per post slug, each SVG drawn 1200 px wide at its own ratio. */
async function renderBodyImages(): Promise<void> {
  const folders = (await readdir(SRC_DIR, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && e.name !== 'brand')
    .map((e) => e.name)
    .sort();
  for (const slug of folders) {
    const sources = (await readdir(path.join(SRC_DIR, slug))).filter((name) => name.endsWith('.svg')).sort();
    const outDir = path.join(BLOG_OUT_DIR, slug);
    await mkdir(outDir, { recursive: true });
    const postFile = path.join(POSTS_DIR, `${slug}.md`);
    let post = await readFile(postFile, 'utf8');
    const keep = new Set<string>();
    console.log(`Body images of ${slug} (${sources.length} files):`);
    for (const name of sources) {
      const stem = path.basename(name, '.svg');
      const svg = await readFile(path.join(SRC_DIR, slug, name));
      const meta = await sharp(svg).metadata();
      const height = Math.round((BODY_WIDTH * (meta.height ?? 1)) / (meta.width ?? 1));
      const image = await rasterise(svg, BODY_WIDTH, height);
      const bytes = await image.webp({ quality: 80, effort: 6, preset: 'drawing', smartSubsample: true }).toBuffer();
      const file = `${stem}-${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}`;
      keep.add(`${file}.webp`);
      await writeFile(path.join(outDir, `${file}.webp`), bytes);
      await record(path.join(outDir, `${file}.webp`), MAX_IMAGE_BYTES);
      for (const width of BODY_COPY_WIDTHS) {
        keep.add(`${file}-${width}.webp`);
        const copy = path.join(outDir, `${file}-${width}.webp`);
        await sharp(bytes).resize({ width }).webp({ quality: 78, effort: 5 }).toFile(copy);
        await record(copy, MAX_IMAGE_BYTES);
      }
      post = post.replace(
        new RegExp(`/images/blog/${slug}/${stem}-[0-9a-f]{8}\\.webp`, 'g'),
        `/images/blog/${slug}/${file}.webp`,
      );
    }
    for (const old of await readdir(outDir)) if (!keep.has(old)) await rm(path.join(outDir, old));
    if (post !== (await readFile(postFile, 'utf8'))) {
      await writeFile(postFile, post);
      console.log(`  ${rel(postFile)} now names the new files: run npm run content -- import content/`);
    }
  }
}

async function renderBrand(): Promise<void> {
  console.log('Brand assets:');
  const markPath = path.join(BRAND_DIR, 'logo-mark.svg');
  const mark = await readFile(markPath);

  // PNG only: an SVG favicon makes the browser build an SVG document on the page's main thread as it loads.
  const icons: ReadonlyArray<{ file: string; size: number; opaque: boolean }> = [
    { file: 'favicon-32.png', size: 32, opaque: false },
    // iOS fills transparency with black, so the touch icon is flattened onto the brand navy
    // (the OS applies its own rounded mask).
    { file: 'apple-touch-icon.png', size: 180, opaque: true },
    { file: 'icon-192.png', size: 192, opaque: false },
    { file: 'icon-512.png', size: 512, opaque: false },
  ];
  for (const { file, size, opaque } of icons) {
    const out = path.join(PUBLIC_DIR, file);
    let image = await rasterise(mark, size, size);
    if (opaque) image = image.flatten({ background: BRAND.theme });
    await image.png({ compressionLevel: 9, effort: 10, adaptiveFiltering: true }).toFile(out);
    await record(out, MAX_IMAGE_BYTES);
  }

  const ogSvg = await readFile(path.join(BRAND_DIR, 'og-default.svg'));
  const ogOut = path.join(PUBLIC_DIR, 'og-default.png');
  const og = await rasterise(ogSvg, ART_WIDTH, ART_HEIGHT);
  await og
    .flatten({ background: BRAND.background })
    .png({ palette: true, quality: 90, colours: 128, dither: 0.6, compressionLevel: 9, effort: 10 })
    .toFile(ogOut);
  await record(ogOut, MAX_IMAGE_BYTES);

  const manifest = {
    name: BRAND.name,
    short_name: BRAND.shortName,
    start_url: '/',
    display: 'standalone',
    background_color: BRAND.background,
    theme_color: BRAND.theme,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
  };
  const manifestOut = path.join(PUBLIC_DIR, 'site.webmanifest');
  await writeFile(manifestOut, `${JSON.stringify(manifest, null, 2)}\n`);
  await record(manifestOut, MAX_IMAGE_BYTES);
}

try {
  await renderBlogArtwork();
  await renderBodyImages();
  await renderBrand();
} catch (error) {
  console.error(`render-artwork: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const over = outputs.filter((o) => o.bytes > o.limit);
if (over.length > 0) {
  console.error(`\nrender-artwork: ${over.length} file(s) over budget:`);
  for (const o of over) {
    console.error(`  ${rel(o.file)}: ${formatBytes(o.bytes)} > ${formatBytes(o.limit)}`);
  }
  process.exit(1);
}
const total = outputs.reduce((sum, o) => sum + o.bytes, 0);
console.log(`\nDone: ${outputs.length} files, ${formatBytes(total)} total.`);
