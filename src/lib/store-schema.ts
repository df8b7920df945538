import { z } from 'zod';
import { planIds, type PlanId } from '../content/plan-titles.ts';
import { isRemoteImage, sitePathPattern } from './post-image.ts';

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The longest slug a post may have (URLs stay readable and well under any proxy's limit). */
export const maxSlugLength = 200;
/**
 * The longest post body, in characters of markdown: about 30,000 words, twice the longest long-form guides, so
 * no real post meets it; and a post this size renders in a fraction of a second (the benchmark measures it),
 * where an unbounded one held every other request up for minutes.
 */
export const maxContentLength = 200_000;

const isoDate = z.iso.datetime({ offset: true });

/**
 * Control characters have no place in a post's text and reach the page as they are (a NUL from a front matter's
 * `"\0"`, an escape sequence): refused, naming the first, so the author removes it. A post's body keeps its tabs
 * and line breaks.
 */
function withoutControls(text: z.ZodString, allowed: 'none' | 'tabs and line breaks') {
  // C0 and C1 controls (NUL, escape, DEL…), as src/shared/plain-text.ts names them.
  const pattern = allowed === 'none' ? /\p{Cc}/u : /(?![\n\r\t])\p{Cc}/u;
  return text.superRefine((value, context) => {
    const match = pattern.exec(value);
    if (!match) return;
    const code = match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    context.addIssue({
      code: 'custom',
      message: `must not contain control characters (U+${code} at character ${match.index + 1}): remove it`,
    });
  });
}

/** A package a post leads to: one of the offer's plan ids. */
export const planIdSchema = z.enum(planIds as [PlanId, ...PlanId[]], {
  error: `must be one of the plan ids: ${planIds.join(', ')}`,
});

export const categorySchema = z.strictObject({
  id: z.number().int().positive(),
  name: withoutControls(z.string().trim().min(1), 'none'),
  slug: z.string().regex(slugPattern, 'must be lowercase words joined by hyphens'),
  /** The package its posts lead to, unless a post names its own. */
  plan: planIdSchema.optional(),
});

export const postSchema = z.strictObject({
  id: z.number().int().positive(),
  slug: z.string().max(maxSlugLength).regex(slugPattern, 'must be lowercase words joined by hyphens'),
  title: withoutControls(z.string().trim().min(1).max(300), 'none'),
  summary: withoutControls(z.string().trim().min(1).max(1000), 'none'),
  content: withoutControls(
    z
      .string()
      .min(1)
      .max(
        maxContentLength,
        `must be at most ${maxContentLength.toLocaleString('en-AU')} characters of markdown (about 30,000 words)`,
      ),
    'tabs and line breaks',
  ),
  featuredImage: z
    .string()
    .max(2048)
    .refine(
      (value) => sitePathPattern.test(value) || isRemoteImage(value),
      'must be a path under public/ (like /images/blog/x.webp) or an https:// URL',
    ),
  categoryId: z.number().int().positive(),
  author: withoutControls(z.string().trim().min(1).max(100), 'none'),
  /** The package the post leads to (its card ends the post); without it, its category's, if any. */
  plan: planIdSchema.optional(),
  /** When the post becomes public; null for a draft, which stays hidden until it is given a time. */
  publishedAt: isoDate.nullable(),
  createdAt: isoDate,
  /**
   * The random key its preview links are signed with (src/server/preview-links.server.ts): never shown, not in an
   * export. A post stored before keys existed has none until `preview` gives it one.
   */
  previewKey: z
    .string()
    .regex(/^[\w-]{22}$/, 'must be 22 characters of base64url (made by the content command)')
    .optional(),
});

function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>();
  return values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
}

export const storeSchema = z
  .strictObject({
    categories: z.array(categorySchema),
    posts: z.array(postSchema),
  })
  .superRefine((store, ctx) => {
    const checks: [string, unknown[]][] = [
      ['categories', duplicates(store.categories.map((c) => c.id))],
      ['categories', duplicates(store.categories.map((c) => c.slug))],
      ['posts', duplicates(store.posts.map((p) => p.id))],
      ['posts', duplicates(store.posts.map((p) => p.slug))],
    ];
    for (const [path, dupes] of checks) {
      if (dupes.length) ctx.addIssue({ code: 'custom', path: [path], message: `duplicate ${dupes.join(', ')}` });
    }
    const categoryIds = new Set(store.categories.map((c) => c.id));
    store.posts.forEach((post, index) => {
      if (!categoryIds.has(post.categoryId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['posts', index, 'categoryId'],
          message: `post "${post.slug}" names unknown category ${post.categoryId}`,
        });
      }
    });
  });

export type StoreData = z.infer<typeof storeSchema>;
export type StoredCategory = z.infer<typeof categorySchema>;
export type StoredPost = z.infer<typeof postSchema>;

/** One line that says what is wrong, e.g. `posts[3].slug: must be lowercase words joined by hyphens`. */
export function describeStoreError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid store';
  const path = issue.path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problems)` : '';
  return `${path || 'store'}: ${issue.message}${more}`;
}
