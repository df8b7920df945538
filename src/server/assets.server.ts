import express, { type RequestHandler, type Response, type Router } from 'express';
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { PageAssets } from '../browser/boot-data.ts';
import { hydrateModule, islandModules, islandNames } from '../browser/islands/registry.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const stylesEntry = 'src/styles.css';
const bootLoader = 'src/browser/boot-loader.ts';

/**
 * The built boot loader, stylesheet and islands, from Vite's manifest: the same for every page, since the browser
 * runs no page's own code. Each island is its component's module, then the chunks it imports, and the hydrate
 * function's the same (React DOM among them), fetched ahead as it nears the screen or all at once when it wakes.
 * The stylesheet is linked, one file for every page: it is fetched once and kept for a year, and a page's HTML is
 * the same however it is sent (docs/decisions/stylesheet.md).
 */
export function manifestAssets(clientDir: string): () => PageAssets {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const chunk = (key: string): ManifestChunk => {
    const found = manifest[key];
    if (!found) throw new Error(`Vite manifest has no chunk for ${key}; rebuild with npm run build`);
    return found;
  };
  /** A chunk's file, then those of every chunk it imports. */
  const collect = (key: string, files: Set<string>) => {
    const { file, imports = [] } = chunk(key);
    if (files.has(file)) return;
    files.add(file);
    imports.forEach((imported) => collect(imported, files));
  };
  const files = (key: string) => {
    const found = new Set<string>();
    collect(key, found);
    return [...found].map((file) => `/${file}`);
  };
  const islands: PageAssets['islands'] = {};
  for (const name of islandNames) islands[name] = files(islandModules[name]);
  const assets: PageAssets = {
    loader: `/${chunk(bootLoader).file}`,
    styles: [`/${chunk(stylesEntry).file}`],
    islands,
    hydrate: files(hydrateModule),
  };
  return () => assets;
}

/** In development Vite serves the sources themselves. */
export function devAssets(): PageAssets {
  return {
    loader: `/${bootLoader}`,
    styles: [`/${stylesEntry}`],
    islands: Object.fromEntries(islandNames.map((name) => [name, [`/${islandModules[name]}`]])),
    hydrate: [`/${hydrateModule}`],
  };
}

/** The encodings the build wrote beside scripts and stylesheets, the smaller first (build/precompress.ts). */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Scripts and stylesheets as the build compressed them (brotli, else gzip, as the browser accepts), sent as they
 * are: no request compresses one (docs/decisions/precompressed-assets.md). Each variant is its own file, so its
 * length and ETag are its own; `Vary: Accept-Encoding` keeps caches from mixing them. Marked in `res.locals` so that
 * the app's compression leaves every such answer alone, the uncompressed one included.
 */
function precompressedFiles(dir: string, options: { immutable: boolean; maxAge: string }): RequestHandler {
  const built = new Set(readdirSync(dir));
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !built.has(`${name}.br`) || name.includes('/')) {
      return next();
    }
    res.locals.precompressed = true;
    res.vary('Accept-Encoding');
    // The smallest the browser accepts, whatever order it lists them in (Chrome sends "gzip, deflate, br, zstd");
    // no header at all is a client that decompresses nothing.
    const encoding =
      req.get('Accept-Encoding') === undefined
        ? undefined
        : encodings.find((candidate) => req.acceptsEncodings(candidate.name) === candidate.name);
    if (!encoding || !built.has(`${name}${encoding.suffix}`)) return next();
    res.setHeader('Content-Encoding', encoding.name);
    res.type(path.extname(name));
    res.sendFile(
      `${name}${encoding.suffix}`,
      { root: dir, maxAge: options.maxAge, immutable: options.immutable },
      (error?: Error) => {
        if (error) next(error);
      },
    );
  };
}

/** Whether an answer is a precompressed file's (see precompressedFiles): the app's compression skips it. */
export const isPrecompressed = (res: Response) => res.locals.precompressed === true;

/**
 * Blog images the content command wrote carry a hash of their bytes in their name
 * (`/images/blog/<post>/<name>-<hash8>.webp`, and its `-480`/`-800` copies): such a name never points at other
 * bytes, so browsers and CDNs may keep them for a year (docs/decisions/content-hashed-images.md). Other files
 * under public/ keep a day.
 */
const hashedBlogImage = /[\\/]images[\\/]blog[\\/][a-z0-9-]+[\\/][a-z0-9-]+-[0-9a-f]{8}(?:-\d+)?\.webp$/;

function immutableBlogImages(res: ServerResponse, file: string): void {
  if (hashedBlogImage.test(file)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

/**
 * The built files, and public/ behind them: a featured image that `npm run content -- add` wrote after the
 * build is served without a rebuild.
 */
export function productionStaticFiles(clientDir: string, publicDir: string): Router {
  const files = express.Router();
  // Hashed file names: safe to cache for a year. A missing asset is a 404, never a page.
  const assetsDir = path.join(clientDir, 'assets');
  const assetOptions = { immutable: true, maxAge: '1y', index: false, fallthrough: false } as const;
  files.use('/assets', precompressedFiles(assetsDir, assetOptions), express.static(assetsDir, assetOptions));
  // Only paths that name a file reach the disk: pages never have an extension, so they skip the stat.
  const options = { maxAge: '1d', index: false, setHeaders: immutableBlogImages };
  files.get(/\.\w+$/, express.static(clientDir, options), express.static(publicDir, options));
  return files;
}
