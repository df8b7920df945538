import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import type { BlogSource } from '../src/lib/blog-types.ts';
import type { RenderModule } from '../src/server/pages.server.ts';
import type { StoreData, StoredPost } from '../src/lib/store-schema.ts';
import { createApp } from '../src/server/app.server.ts';
import { createMailer } from '../src/server/enquiries/mail.server.ts';
import { devAssets } from '../src/server/assets.server.ts';
import { parseConfig } from '../src/server/config.server.ts';
import { openFileStore } from '../src/server/enquiries/file-store/file-store.server.ts';
import { loadSiteSecret } from '../src/server/enquiries/form-token.server.ts';
import { previewLinks, type PreviewTarget } from '../src/server/preview-links.server.ts';
import { BlogStore } from '../src/server/store.server.ts';

export const testSiteUrl = 'https://studio.example';

/**
 * What a launched studio sets beside SITE_URL: its own contact details and a channel that reaches a person, so
 * that /healthz has nothing to warn of. (The app under test runs no outbox: nothing is ever sent there.)
 */
export const launchedStudioEnv = {
  CONTACT_PHONE: '(02) 4000 0000',
  CONTACT_EMAIL: 'hello@studio.example',
  ALERT_WEBHOOK_URL: 'https://alerts.studio.example/hooks/site',
};

export function testPost(overrides: Partial<StoredPost> & Pick<StoredPost, 'id' | 'slug'>): StoredPost {
  return {
    title: `Post ${overrides.id}`,
    summary: `Summary of post ${overrides.id}`,
    content: `## Heading ${overrides.id}\n\nBody of post ${overrides.id}.\n`,
    featuredImage: '/images/blog/google-business-profile.webp',
    categoryId: 1,
    author: 'studio-team',
    publishedAt: `2025-01-${String((overrides.id % 28) + 1).padStart(2, '0')}T09:00:00.000Z`,
    createdAt: '2024-12-01T09:00:00.000Z',
    ...overrides,
  };
}

export function testStore(postCount = 8): StoreData {
  return {
    categories: [
      { id: 1, name: 'Local SEO', slug: 'local-seo' },
      { id: 2, name: 'Email Marketing', slug: 'email-marketing' },
    ],
    posts: Array.from({ length: postCount }, (_, index) =>
      testPost({ id: index + 1, slug: `post-${index + 1}`, categoryId: (index % 2) + 1 }),
    ),
  };
}

export function writeTempStore(data: unknown): { file: string; remove: () => void } {
  const directory = mkdtempSync(path.join(tmpdir(), 'nms-store-'));
  const file = path.join(directory, 'db.json');
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
  return { file, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

interface TestAppOptions {
  /** The store's content, written to a temporary file… */
  data?: StoreData;
  /** …or an existing store file to serve. */
  file?: string;
  /** Settings over the launched studio's; `undefined` leaves one at its default. */
  env?: Record<string, string | undefined>;
  /** Changes what pages read from the store (to make a page component fail, say). */
  wrapSource?: (source: BlogSource) => BlogSource;
  /** Called when an enquiry has been stored (delivery's wake-up). */
  wake?: () => void;
  logger?: pino.Logger;
  /** Where pages are rendered from, and the files served beside them: the source, as the tests import it, unless set. */
  rendering?: { loadRenderer: () => Promise<RenderModule>; staticFiles: RequestHandler[] };
}

/** The whole app over a temporary store, rendering pages from source as the development server does. */
export async function createTestApp({
  data = testStore(),
  file,
  env = {},
  wrapSource,
  wake,
  logger = pino({ level: 'silent' }),
  rendering,
}: TestAppOptions = {}) {
  const temp = file ? { file, remove: () => {} } : writeTempStore(data);
  const enquiriesDirectory = mkdtempSync(path.join(tmpdir(), 'nms-enquiries-'));
  const config = parseConfig({
    NODE_ENV: 'production',
    DATA_FILE: temp.file,
    SITE_URL: testSiteUrl,
    ...launchedStudioEnv,
    ENQUIRIES_FILE: path.join(enquiriesDirectory, 'enquiries.json'),
    ...env,
  });
  const store = await BlogStore.open(temp.file, logger);
  const enquiries = await openFileStore(config.enquiries.file);
  const app = createApp({
    config,
    store,
    logger,
    loadRenderer:
      rendering?.loadRenderer ??
      (async (): Promise<RenderModule> => {
        const renderer = await import('../src/entry-server.tsx');
        if (!wrapSource) return renderer;
        return {
          ...renderer,
          loadPage: (url, source) => renderer.loadPage(url, wrapSource(source)),
        };
      }),
    assets: devAssets,
    staticFiles: rendering?.staticFiles ?? [],
    enquiries: { store: enquiries, wake },
    newsletter: { mailer: createMailer(config) },
  });
  return {
    app,
    store,
    enquiries,
    config,
    file: temp.file,
    close: () => {
      store.close();
      temp.remove();
      rmSync(enquiriesDirectory, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A post's preview link (its path), signed as the content command signs it, with the key the server reads. */
export async function previewLinkPath({ config }: TestApp, post: PreviewTarget, days = 7): Promise<string> {
  return `/blog/preview/${previewLinks(await loadSiteSecret(config.enquiries)).issue(post, days).token}`;
}

/** A page as visitors and search engines read it: its text without markup, meta description and JSON-LD blocks. */
export async function readPage(app: Parameters<typeof request>[0], path: string) {
  const { text: html } = await request(app).get(path).expect(200);
  const decode = (text: string) =>
    text
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const body = html.slice(html.indexOf('<body'));
  return {
    html,
    text: decode(
      body
        .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
        .replace(/<!-- -->/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' '),
    ),
    description: decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
    ),
  };
}
