import express, { type Router } from 'express';
import { readFileSync } from 'node:fs';
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
  files.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  // Only paths that name a file reach the disk: pages never have an extension, so they skip the stat.
  const options = { maxAge: '1d', index: false, setHeaders: immutableBlogImages };
  files.get(/\.\w+$/, express.static(clientDir, options), express.static(publicDir, options));
  return files;
}
