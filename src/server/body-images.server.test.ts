import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { imageReferences, LocalImageCatalog } from './body-images.server.ts';

const publicDir = mkdtempSync(path.join(tmpdir(), 'nms-public-'));
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

async function image(reference: string, width: number, height: number) {
  const file = path.join(publicDir, reference);
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: '#0b3b4f' } })
    .webp()
    .toFile(file);
  return file;
}

describe('imageReferences', () => {
  test('finds site paths to images in inline images, reference definitions and links, and nothing else', () => {
    const markdown = [
      '![a](/images/blog/p/a-1a2b3c4d.webp "Caption")',
      '![b][ref]',
      '[ref]: /images/blog/p/b.png',
      'A [link to a photo](/images/blog/p/c.jpeg).',
      '![remote](https://cdn.example.com/images/x.webp) ![proto](//cdn.example.com/y.webp) ![rel](./z.png)',
      'Text about /etc/passwd and /blog/post.',
    ].join('\n');
    expect(imageReferences(markdown)).toEqual([
      '/images/blog/p/a-1a2b3c4d.webp',
      '/images/blog/p/b.png',
      '/images/blog/p/c.jpeg',
    ]);
  });
});

describe('LocalImageCatalog', () => {
  test('reads each image size once, adds a srcset from the copies that exist, and skips missing files', async () => {
    await image('images/blog/p/wide-00000001.webp', 1600, 900);
    await image('images/blog/p/wide-00000001-480.webp', 480, 270);
    await image('images/blog/p/wide-00000001-800.webp', 800, 450);
    await image('images/blog/p/wide-00000001-1200.webp', 1200, 675);
    await image('images/blog/p/plain.png', 300, 200);
    const catalog = new LocalImageCatalog(publicDir);
    const images = await catalog.load([
      '![w](/images/blog/p/wide-00000001.webp) ![p](/images/blog/p/plain.png)',
      '![gone](/images/blog/p/gone.webp) ![escape](/images/../../../etc/hosts.png)',
    ]);
    expect(Object.fromEntries(images)).toEqual({
      '/images/blog/p/wide-00000001.webp': {
        width: 1600,
        height: 900,
        srcset:
          '/images/blog/p/wide-00000001-480.webp 480w, /images/blog/p/wide-00000001-800.webp 800w, ' +
          '/images/blog/p/wide-00000001-1200.webp 1200w, /images/blog/p/wide-00000001.webp 1600w',
      },
      '/images/blog/p/plain.png': { width: 300, height: 200 },
    });
  });

  test('a reload sees a file that was replaced', async () => {
    const file = await image('images/blog/q/photo.webp', 640, 480);
    const catalog = new LocalImageCatalog(publicDir);
    const markdown = ['![x](/images/blog/q/photo.webp)'];
    expect((await catalog.load(markdown)).get('/images/blog/q/photo.webp')).toEqual({ width: 640, height: 480 });
    await image('images/blog/q/photo.webp', 320, 200);
    utimesSync(file, new Date(2_000_000), new Date(2_000_000));
    expect((await catalog.load(markdown)).get('/images/blog/q/photo.webp')).toEqual({ width: 320, height: 200 });
  });

  test('a JPEG taken sideways (EXIF orientation 6) is sized as the browser shows it, turned a quarter', async () => {
    const file = path.join(publicDir, 'images/blog/r/sideways.jpg');
    mkdirSync(path.dirname(file), { recursive: true });
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0b3b4f' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(file);
    const images = await new LocalImageCatalog(publicDir).load(['![x](/images/blog/r/sideways.jpg)']);
    expect(images.get('/images/blog/r/sideways.jpg')).toEqual({ width: 300, height: 400 });
  });
});
