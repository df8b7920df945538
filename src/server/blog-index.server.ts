import type { CategoryWithCount, Post, PostList, PostListParams, PostSummary, PreviewPost } from '../lib/blog-types.ts';
import { defaultPostPlan } from '../content/offer.ts';
import type { LocalImages } from './body-images.server.ts';
import { renderMarkdown } from './markdown.server.ts';
import type { StoreData, StoredCategory, StoredPost } from '../lib/store-schema.ts';

interface IndexedPost {
  summary: PostSummary;
  stored: StoredPost;
  detail?: Post;
}

interface UnpublishedPost {
  stored: StoredPost;
  category: StoredCategory;
  detail?: PreviewPost;
}

/**
 * A post as the site shows it, without what stays in the store: its category, its author, and the package it ends
 * with (its own, else the category's, else the offer's default for posts).
 */
function shown(post: StoredPost, { plan, ...category }: StoredCategory) {
  const { content: _content, categoryId: _categoryId, author, previewKey: _previewKey, plan: _plan, ...rest } = post;
  return { ...rest, category, plan: post.plan ?? plan ?? defaultPostPlan, author: { username: author } };
}

/**
 * The store's public view at one moment: posts sorted newest first, looked up by slug and by category,
 * built once per load so that no request sorts or scans the whole store. Drafts and scheduled posts are kept
 * apart, for their preview links only.
 */
export class BlogIndex {
  readonly categories: CategoryWithCount[];
  /** When the next scheduled post becomes public (epoch ms), if any. */
  readonly nextDueAt: number | undefined;
  private readonly newestFirst: IndexedPost[];
  private readonly bySlug = new Map<string, IndexedPost>();
  private readonly byCategory = new Map<number, IndexedPost[]>();
  private readonly unpublishedBySlug = new Map<string, UnpublishedPost>();
  private readonly previewKeys = new Map<string, string>();

  constructor(
    data: StoreData,
    readonly version: number,
    now = Date.now(),
    /** Size and copies of the site's images the posts show, read when the store loaded. */
    private readonly images: LocalImages = new Map(),
  ) {
    const categoriesById = new Map(data.categories.map((c) => [c.id, c]));
    let nextDueAt: number | undefined;
    const published: (IndexedPost & { time: number })[] = [];
    for (const stored of data.posts) {
      const category = categoriesById.get(stored.categoryId);
      if (!category) continue;
      if (stored.previewKey) this.previewKeys.set(stored.slug, stored.previewKey);
      const { publishedAt } = stored;
      // A draft (no time yet) and a scheduled post are hidden alike, wherever the blog is shown.
      if (publishedAt === null) {
        this.unpublishedBySlug.set(stored.slug, { stored, category });
        continue;
      }
      const time = Date.parse(publishedAt);
      if (time > now) {
        nextDueAt = nextDueAt === undefined ? time : Math.min(nextDueAt, time);
        this.unpublishedBySlug.set(stored.slug, { stored, category });
        continue;
      }
      published.push({ time, stored, summary: { ...shown(stored, category), publishedAt } });
    }
    published.sort((a, b) => b.time - a.time || b.stored.id - a.stored.id);
    this.newestFirst = published;
    this.nextDueAt = nextDueAt;
    for (const post of published) {
      this.bySlug.set(post.stored.slug, post);
      const list = this.byCategory.get(post.stored.categoryId) ?? [];
      list.push(post);
      this.byCategory.set(post.stored.categoryId, list);
    }
    this.categories = data.categories.map(({ plan: _plan, ...c }) => ({
      ...c,
      postCount: this.byCategory.get(c.id)?.length ?? 0,
    }));
  }

  get publicPosts(): readonly PostSummary[] {
    return this.newestFirst.map((p) => p.summary);
  }

  listPosts({ categoryId, page, limit }: PostListParams): PostList {
    const all = categoryId === undefined ? this.newestFirst : (this.byCategory.get(categoryId) ?? []);
    const start = (page - 1) * limit;
    return {
      posts: all.slice(start, start + limit).map((p) => p.summary),
      pagination: { page, limit, total: all.length, pages: Math.ceil(all.length / limit) },
    };
  }

  /** The key the preview links of the post with this slug are signed with, public or not; none for older posts. */
  previewKey(slug: string): string | undefined {
    return this.previewKeys.get(slug);
  }

  /** Whether a post with this slug is public, without rendering it. */
  isPublic(slug: string): boolean {
    return this.bySlug.has(slug);
  }

  post(slug: string): Post | undefined {
    const entry = this.bySlug.get(slug);
    if (!entry) return undefined;
    entry.detail ??= {
      ...entry.summary,
      content: entry.stored.content,
      html: renderMarkdown(entry.stored.content, { images: this.images, plan: entry.summary.plan }),
    };
    return entry.detail;
  }

  /** A draft or scheduled post, as its preview shows it; undefined for a public or unknown slug. */
  unpublished(slug: string): PreviewPost | undefined {
    const entry = this.unpublishedBySlug.get(slug);
    if (!entry) return undefined;
    if (!entry.detail) {
      const post = shown(entry.stored, entry.category);
      const { content } = entry.stored;
      entry.detail = { ...post, content, html: renderMarkdown(content, { images: this.images, plan: post.plan }) };
    }
    return entry.detail;
  }

  /**
   * The newest posts; with `related`, the posts a reader of that post would read next: those of its category
   * first, then the newest of the others, the post itself left out. A slug that names no public post (a draft's,
   * say) gives the newest posts, as if none had been named.
   */
  featured(limit: number, related?: string): PostSummary[] {
    const current = related === undefined ? undefined : this.bySlug.get(related);
    if (!current) return this.newestFirst.slice(0, limit).map((p) => p.summary);
    const { categoryId } = current.stored;
    const picked: PostSummary[] = [];
    // Both lists are newest first, and each is read only as far as it is needed.
    const pick = (list: readonly IndexedPost[], take: (post: IndexedPost) => boolean) => {
      for (const post of list) {
        if (picked.length === limit) return;
        if (take(post)) picked.push(post.summary);
      }
    };
    pick(this.byCategory.get(categoryId) ?? [], (post) => post !== current);
    pick(this.newestFirst, (post) => post.stored.categoryId !== categoryId);
    return picked;
  }
}
