import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { z } from 'zod';
import { BLOG_PAGE_SIZE, RELATED_LIMIT } from '../lib/blog-types.ts';
import { maxSlugLength } from '../lib/slug.ts';
import type { BlogStore } from './store.server.ts';

function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: `${name} must be given once, as a whole number` })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .optional();
}

const postListQuery = z.object({
  page: wholeNumber('page', 1, 1_000_000).default(1),
  limit: wholeNumber('limit', 1, 50).default(BLOG_PAGE_SIZE),
  categoryId: wholeNumber('categoryId', 1, 2_147_483_647),
});

const featuredQuery = z.object({
  limit: wholeNumber('limit', 1, 12).default(RELATED_LIMIT),
  /** A post's slug: its related posts (its category's first) instead of the newest. */
  related: z
    .string({ error: 'related must be given once, as a post slug' })
    .max(maxSlugLength, `related must be a post slug of at most ${maxSlugLength} characters`)
    .optional(),
});

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const result = schema.safeParse(query);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid query');
  return result.data;
}

const methodNotAllowed: RequestHandler = (_req, res) => {
  res.set('Allow', 'GET, HEAD').status(405).json({ error: 'Method not allowed' });
};

// Browsers and CDNs may keep API answers briefly; content edits show within a minute.
const apiCacheControl = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** The site's JSON API (blog posts and categories), mounted at /api. */
export function createApiRouter(store: BlogStore): Router {
  const api = Router();
  api.use((_req, res, next) => {
    res.set('Cache-Control', apiCacheControl);
    next();
  });

  api
    .route('/blog/categories')
    .get((_req, res) => {
      res.json(store.index.categories);
    })
    .all(methodNotAllowed);

  api
    .route('/blog/posts')
    .get((req, res) => {
      res.json(store.index.listPosts(parseQuery(postListQuery, req.query)));
    })
    .all(methodNotAllowed);

  api
    .route('/blog/posts/:slug')
    .get((req, res) => {
      const post = store.index.post(req.params.slug);
      if (!post) throw new HttpError(404, 'Post not found');
      res.json(post);
    })
    .all(methodNotAllowed);

  api
    .route('/blog/featured')
    .get((req, res) => {
      const { limit, related } = parseQuery(featuredQuery, req.query);
      res.json(store.index.featured(limit, related));
    })
    .all(methodNotAllowed);

  api.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });

  const apiErrors: ErrorRequestHandler = (error, req, res, _next) => {
    const status = error instanceof HttpError ? error.status : httpStatusOf(error);
    if (status >= 500) req.log?.error({ err: error }, 'API request failed');
    const message = status >= 500 ? 'Internal server error' : error instanceof Error ? error.message : 'Bad request';
    // The router set a CDN-cacheable Cache-Control before it failed; a CDN must not keep a failure.
    if (status >= 500) res.set('Cache-Control', 'no-store');
    res.status(status).json({ error: message });
  };
  api.use(apiErrors);
  return api;
}

/** Express and body-parser errors carry a 4xx `status` (for instance a malformed percent-encoding). */
export function httpStatusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}
