import { maxSlugLength, slugPattern } from '../../lib/store-schema.ts';

export { slugify } from '../../lib/slug.ts';

export function isSlug(value: string): boolean {
  return value.length <= maxSlugLength && slugPattern.test(value);
}
