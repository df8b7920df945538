import { planIds } from '../../../content/plan-titles.ts';
import { planIdSchema, type StoredCategory } from '../../../lib/store-schema.ts';
import { ContentError } from '../content-error.server.ts';
import { loadStore, modifyStore, nextId, type StoreOptions } from '../content-store.server.ts';
import { isSlug, slugify } from '../slug.server.ts';

/**
 * Finds a category by slug or by name, ignoring case; failing that, by the slug the text would make
 * ("brand and design" finds "Brand & Design", slug brand-and-design).
 */
export function findCategory(categories: readonly StoredCategory[], wanted: string): StoredCategory | undefined {
  const key = wanted.trim().toLowerCase();
  const slug = slugify(wanted);
  return (
    categories.find((c) => c.slug.toLowerCase() === key) ??
    categories.find((c) => c.name.toLowerCase() === key) ??
    (slug ? categories.find((c) => c.slug === slug) : undefined)
  );
}

/** The message for a category that is not there, listing those that are. */
export function unknownCategory(categories: readonly StoredCategory[], wanted: string): string {
  const known = categories.map((c) => `${c.slug} ("${c.name}")`).join(', ') || 'none yet';
  return `unknown category "${wanted}" (known: ${known}; add one with: npm run content -- categories add <name>)`;
}

export interface ListedCategory extends StoredCategory {
  posts: number;
}

export async function listCategories(options: StoreOptions): Promise<ListedCategory[]> {
  const data = await loadStore(options.dataFile);
  return data.categories.map((c) => ({ ...c, posts: data.posts.filter((p) => p.categoryId === c.id).length }));
}

export async function addCategory(options: StoreOptions & { name: string; slug?: string }): Promise<StoredCategory> {
  const name = options.name.trim();
  if (!name) throw new ContentError('the category name is empty');
  const slug = options.slug ?? slugify(name);
  if (!isSlug(slug)) {
    throw new ContentError(
      options.slug === undefined
        ? `no slug can be made from "${name}"; give one with --slug`
        : `slug "${slug}" must be lowercase words joined by hyphens, like local-seo`,
    );
  }
  return modifyStore(options.dataFile, async (data) => {
    const sameSlug = data.categories.find((c) => c.slug === slug);
    if (sameSlug) throw new ContentError(`a category with slug "${slug}" already exists ("${sameSlug.name}")`);
    const sameName = data.categories.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (sameName) throw new ContentError(`a category named "${sameName.name}" already exists (slug ${sameName.slug})`);
    const category: StoredCategory = { id: nextId(data.categories), name, slug };
    return { data: { ...data, categories: [...data.categories, category] }, result: category };
  });
}

function categoryBySlug(categories: readonly StoredCategory[], slug: string): StoredCategory {
  const category = categories.find((c) => c.slug === slug);
  if (category) return category;
  const known = categories.map((c) => c.slug).join(', ') || 'none';
  throw new ContentError(`no category with slug "${slug}" (known: ${known})`);
}

export interface RenameCategoryOptions extends StoreOptions {
  /** The category's current slug. */
  slug: string;
  /** The new name shown on the site. */
  name: string;
  /** A new URL slug; by default the slug stays, so links to /blog?category=<slug> keep working. */
  newSlug?: string;
}

/** Renames a category (and, when asked, changes its slug); its posts follow, as they refer to it by id. */
export async function renameCategory(
  options: RenameCategoryOptions,
): Promise<{ before: StoredCategory; after: StoredCategory }> {
  const name = options.name.trim();
  if (!name) throw new ContentError('the category name is empty');
  if (options.newSlug !== undefined && !isSlug(options.newSlug)) {
    throw new ContentError(`slug "${options.newSlug}" must be lowercase words joined by hyphens, like local-seo`);
  }
  return modifyStore(options.dataFile, async (data) => {
    const before = categoryBySlug(data.categories, options.slug);
    const after: StoredCategory = { ...before, name, slug: options.newSlug ?? before.slug };
    const others = data.categories.filter((c) => c !== before);
    const sameSlug = others.find((c) => c.slug === after.slug);
    if (sameSlug) throw new ContentError(`a category with slug "${after.slug}" already exists ("${sameSlug.name}")`);
    const sameName = others.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (sameName) throw new ContentError(`a category named "${sameName.name}" already exists (slug ${sameName.slug})`);
    const categories = data.categories.map((c) => (c === before ? after : c));
    return { data: { ...data, categories }, result: { before, after } };
  });
}

/** Deletes a category that no post uses; one that posts use is refused, naming them. */
export async function removeCategory(options: StoreOptions & { slug: string }): Promise<StoredCategory> {
  return modifyStore(options.dataFile, async (data) => {
    const category = categoryBySlug(data.categories, options.slug);
    const users = data.posts.filter((p) => p.categoryId === category.id).map((p) => p.slug);
    if (users.length) {
      throw new ContentError(
        `category "${category.slug}" is used by ${users.length} post${users.length === 1 ? '' : 's'}: ` +
          `${users.join(', ')} (move them to another category with add --update, or remove them, first)`,
      );
    }
    return { data: { ...data, categories: data.categories.filter((c) => c !== category) }, result: category };
  });
}

/**
 * Names the package a category's posts lead to (`none` takes it away): each post of the category that names no
 * package of its own then ends with that package's card.
 */
export async function setCategoryPlan(
  options: StoreOptions & { slug: string; plan: string },
): Promise<{ category: StoredCategory; posts: number }> {
  const wanted = options.plan.trim();
  const plan = wanted === 'none' ? undefined : planIdSchema.safeParse(wanted);
  if (plan && !plan.success) {
    throw new ContentError(`unknown plan "${wanted}" (known: ${planIds.join(', ')}; or none to take it away)`);
  }
  return modifyStore(options.dataFile, async (data) => {
    const before = categoryBySlug(data.categories, options.slug);
    const { plan: _old, ...rest } = before;
    const category: StoredCategory = plan ? { ...rest, plan: plan.data } : rest;
    const categories = data.categories.map((c) => (c === before ? category : c));
    const posts = data.posts.filter((p) => p.categoryId === category.id && !p.plan).length;
    return { data: { ...data, categories }, result: { category, posts } };
  });
}
