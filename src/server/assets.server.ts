import express, { type Router } from 'express';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { PageAssets } from '../app/boot-data.ts';
import { inlineStylesheet, type InlineStylesheet } from './page-stylesheet.server.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

const clientEntry = 'src/entry-client.tsx';
const bootLoader = 'src/boot-loader.ts';

/**
 * The built entry, its stylesheet and the chunks each page needs, from Vite's manifest. The entry's chunks are
 * listed dependencies first (React, the other libraries, the app, then the entry), the order the boot loader
 * evaluates them in; the page's own chunks follow. The chunks its code imports dynamically (the attribution recorder,
 * the toasts) are not listed: a page loads them only when it needs them. With `linkStyles` off the pages
 * name no stylesheet (they inline it).
 */
export function manifestAssets(clientDir: string, { linkStyles = true } = {}): (pageModule: string) => PageAssets {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const chunk = (key: string): ManifestChunk => {
    const found = manifest[key];
    if (!found) throw new Error(`Vite manifest has no chunk for ${key}; rebuild with npm run build`);
    return found;
  };
  /** Adds a chunk's file after the files it imports, so that `files` is in evaluation order. */
  const collect = (key: string, files: Set<string>, styles: Set<string>, visiting = new Set<string>()) => {
    const { file, css = [], imports = [] } = chunk(key);
    if (files.has(file) || visiting.has(file)) return;
    visiting.add(file);
    imports.forEach((imported) => collect(imported, files, styles, visiting));
    css.forEach((href) => styles.add(href));
    files.add(file);
  };
  const cache = new Map<string, PageAssets>();
  return (pageModule) => {
    const cached = cache.get(pageModule);
    if (cached) return cached;
    const entryFiles = new Set<string>();
    const styles = new Set<string>();
    collect(clientEntry, entryFiles, styles);
    const pageFiles = new Set<string>(entryFiles);
    collect(pageModule, pageFiles, styles);
    const assets: PageAssets = {
      loader: `/${chunk(bootLoader).file}`,
      scripts: [...entryFiles].map((file) => `/${file}`),
      styles: linkStyles ? [...styles].map((href) => `/${href}`) : [],
      hydratedStyles: linkStyles ? [] : [...styles].map((href) => `/${href}`),
      modulePreloads: [...pageFiles].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`),
    };
    cache.set(pageModule, assets);
    return assets;
  };
}

/**
 * The production build's assets, with the stylesheet inlined in every page rather than linked: the rules a page's
 * HTML uses cost less inline than the render-blocking request they save on a phone's first visit
 * (docs/decisions/inline-stylesheet.md).
 */
export function productionAssets(clientDir: string): {
  assets: (pageModule: string) => PageAssets;
  stylesheet: InlineStylesheet;
} {
  const css = manifestAssets(clientDir)(clientEntry)
    .styles.map((href) => readFileSync(path.join(clientDir, href), 'utf8'))
    .join('\n');
  return { assets: manifestAssets(clientDir, { linkStyles: false }), stylesheet: inlineStylesheet(css) };
}

/** In development Vite serves the sources themselves. */
export function devAssets(): PageAssets {
  return {
    loader: `/${bootLoader}`,
    scripts: ['/@vite/client', `/${clientEntry}`],
    styles: ['/src/styles.css'],
    hydratedStyles: [],
    modulePreloads: [],
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
