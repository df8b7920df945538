/** The longest slug (URLs stay readable and well under any proxy's limit); the store schema checks the same. */
export const maxSlugLength = 200;

/**
 * The site's one slug function, for post and category URLs, image file names and heading ids: lowercase ASCII
 * words joined by hyphens. Accents are dropped ("Café" → "cafe"), apostrophes vanish ("Here's" → "heres"), "&"
 * reads "and", and anything else that is not a letter or a digit (emoji included) separates words.
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
