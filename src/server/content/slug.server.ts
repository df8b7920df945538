import { maxSlugLength, slugPattern } from '../store-schema.ts';

/**
 * A URL slug from a title or a name: lowercase ASCII words joined by hyphens.
 * Accents are dropped ("Café" → "cafe"), apostrophes vanish ("Here's" → "heres") and "&" reads "and".
 * Returns '' when nothing usable is left (e.g. a title made only of symbols).
 */
export function slugify(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= maxSlugLength) return words;
  return words
    .slice(0, maxSlugLength)
    .replace(/-[^-]*$/, '')
    .replace(/-+$/, '');
}

export function isSlug(value: string): boolean {
  return value.length <= maxSlugLength && slugPattern.test(value);
}
