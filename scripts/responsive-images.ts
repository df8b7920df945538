/**
 * tsx scripts/responsive-images.ts [directory]   (run by npm run build and npm run dev)
 *
 * Writes the smaller copies of every featured image in public/images/blog that lacks them or is newer.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { copyWidths } from '../src/lib/post-image.ts';
import { writeImageCopies } from '../src/server/content/images.server.ts';

const directory = process.argv[2] ?? 'public/images/blog';
const isCopy = new RegExp(`-(${copyWidths.join('|')})\\.webp$`);
const images = (await readdir(directory)).filter((file) => file.endsWith('.webp') && !isCopy.test(file));
const written = await Promise.all(images.map((file) => writeImageCopies(path.join(directory, file))));
console.log(`responsive images: ${written.flat().length} written in ${directory}`);
