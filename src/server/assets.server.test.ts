import express from 'express';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { manifestAssets, productionStaticFiles } from './assets.server.ts';
import { tempFolder } from '../../test-support/temp-folder.ts';

function directories() {
  const root = tempFolder('static-');
  const clientDir = path.join(root, 'dist', 'client');
  const publicDir = path.join(root, 'public');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  mkdirSync(path.join(clientDir, 'images', 'blog'), { recursive: true });
  mkdirSync(path.join(publicDir, 'images', 'blog'), { recursive: true });
  writeFileSync(path.join(clientDir, 'assets', 'entry-abc123.js'), 'export {};');
  writeFileSync(path.join(clientDir, 'images', 'blog', 'built.webp'), 'built');
  writeFileSync(path.join(publicDir, 'images', 'blog', 'built.webp'), 'stale copy');
  // Written by `npm run content -- add` after the build.
  writeFileSync(path.join(publicDir, 'images', 'blog', 'added-later.webp'), 'added');
  mkdirSync(path.join(publicDir, 'images', 'blog', 'a-post'));
  writeFileSync(path.join(publicDir, 'images', 'blog', 'a-post', 'chart-1a2b3c4d.webp'), 'hashed');
  writeFileSync(path.join(publicDir, 'images', 'blog', 'a-post', 'chart-1a2b3c4d-480.webp'), 'hashed copy');
  const app = express().use(productionStaticFiles(clientDir, publicDir));
  app.use((_req, res) => res.status(404).send('page'));
  return app;
}

describe('production static files', () => {
  test('hashed assets are immutable for a year; a missing one is a 404 that never reaches the pages', async () => {
    const app = directories();
    const asset = await request(app).get('/assets/entry-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await request(app).get('/assets/entry-missing.js').expect(404);
    expect(missing.text).not.toBe('page');
  });

  test('the build comes first; an image added after the build is served from public/', async () => {
    const app = directories();
    expect((await request(app).get('/images/blog/built.webp').expect(200)).body.toString()).toBe('built');
    const added = await request(app).get('/images/blog/added-later.webp').expect(200);
    expect(added.body.toString()).toBe('added');
    expect(added.headers['cache-control']).toBe('public, max-age=86400');
    expect((await request(app).get('/images/blog/nowhere.webp').expect(404)).text).toBe('page');
  });

  test('an image whose name carries the hash of its bytes is immutable for a year; others keep a day', async () => {
    const app = directories();
    for (const file of ['chart-1a2b3c4d.webp', 'chart-1a2b3c4d-480.webp']) {
      const image = await request(app).get(`/images/blog/a-post/${file}`).expect(200);
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const plain = await request(app).get('/images/blog/added-later.webp').expect(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('the scripts a page lists for the boot loader', () => {
  test('each island is its module then the chunks it imports, and so is the hydrate function; the chunks they import dynamically are not listed', () => {
    const clientDir = tempFolder('manifest-');
    mkdirSync(path.join(clientDir, '.vite'));
    const manifest = {
      'src/styles.css': { file: 'assets/site.css' },
      'src/browser/boot-loader.ts': { file: 'assets/loader.js' },
      'src/browser/islands/hydrate.tsx': {
        file: 'assets/hydrate.js',
        imports: ['_react.js'],
        dynamicImports: ['src/browser/components/Toasts.tsx'],
      },
      'src/browser/components/ConsultForm.tsx': {
        file: 'assets/ConsultForm.js',
        imports: ['_react.js', '_form.js'],
        dynamicImports: ['src/browser/components/Toasts.tsx'],
      },
      'src/browser/components/Toasts.tsx': { file: 'assets/Toasts.js', imports: ['_react.js', '_sonner.js'] },
      'src/browser/components/NewsletterForm.tsx': { file: 'assets/NewsletterForm.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_sonner.js': { file: 'assets/sonner.js' },
      '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
    };
    writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(manifestAssets(clientDir)()).toEqual({
      loader: '/assets/loader.js',
      styles: ['/assets/site.css'],
      islands: {
        'consult-form': ['/assets/ConsultForm.js', '/assets/react.js', '/assets/form.js'],
        toasts: ['/assets/Toasts.js', '/assets/react.js', '/assets/sonner.js'],
        newsletter: ['/assets/NewsletterForm.js', '/assets/react.js'],
      },
      hydrate: ['/assets/hydrate.js', '/assets/react.js'],
    });
  });
});
