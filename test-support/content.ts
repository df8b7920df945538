/** Shared set-up for the content workflow's tests: a small store, a public/ folder and post files in a temp dir. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { StoreData } from '../src/lib/store-schema.ts';
import { addPost, type AddResult } from '../src/server/content/commands/add.server.ts';
import { ContentError } from '../src/server/content/content-error.server.ts';

export const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** The time the content tests run at: a new post's dates, and whether it is scheduled, depend on it. */
export const testNow = new Date('2025-06-01T00:00:00.000Z');

/** Runs each test of the calling file at `testNow`. Only Date is faked: timers (the store's lock) stay real. */
export function atTestNow(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: testNow, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export const fixtureStore: StoreData = {
  categories: [
    { id: 1, name: 'Local SEO', slug: 'local-seo' },
    { id: 2, name: 'Email Marketing', slug: 'email-marketing' },
  ],
  posts: [
    {
      id: 1,
      slug: 'first-post',
      title: 'First Post',
      summary: 'The first post.',
      content: 'Hello **Newcastle**.',
      featuredImage: '/images/blog/first.webp',
      categoryId: 1,
      author: 'sarah-mitchell',
      publishedAt: '2025-01-07T09:00:00.000Z',
      createdAt: '2025-01-01T09:00:00.000Z',
    },
  ],
};

export interface Workspace {
  dir: string;
  dataFile: string;
  publicDir: string;
  /** Writes a markdown post file (front matter values written as YAML/JSON scalars) and returns its path. */
  postFile(name: string, front: Record<string, unknown>, body?: string): Promise<string>;
  /** Writes a raw text file under the workspace and returns its path. */
  file(name: string, text: string | Buffer): Promise<string>;
  /** The store's bytes, to compare before and after a command. */
  storeBytes(): Promise<Buffer>;
  storeData(): Promise<StoreData>;
  cleanup(): Promise<void>;
}

/**
 * A temp dir holding data/db.json (the fixture store, written compactly so that any rewrite, even of the same
 * data, changes its bytes), public/images/blog/{first,existing}.webp and room for post files.
 */
export async function makeWorkspace(store: StoreData = fixtureStore): Promise<Workspace> {
  const dir = await mkdtemp(join(tmpdir(), 'content-test-'));
  const dataFile = join(dir, 'data', 'db.json');
  const publicDir = join(dir, 'public');
  await mkdir(join(dir, 'data'));
  await mkdir(join(publicDir, 'images', 'blog'), { recursive: true });
  await writeFile(dataFile, JSON.stringify(store));
  await writeFile(join(publicDir, 'images', 'blog', 'first.webp'), 'webp');
  await writeFile(join(publicDir, 'images', 'blog', 'existing.webp'), 'webp');

  const file = async (name: string, text: string | Buffer) => {
    const path = join(dir, name);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, text);
    return path;
  };
  return {
    dir,
    dataFile,
    publicDir,
    file,
    postFile: (name, front, body = 'Some **markdown** text.\n\n## A heading\n\nMore text.') => {
      const lines = Object.entries(front).map(
        ([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
      );
      return file(name, `---\n${lines.join('\n')}\n---\n\n${body}\n`);
    },
    storeBytes: () => readFile(dataFile),
    storeData: async () => JSON.parse(await readFile(dataFile, 'utf8')) as StoreData,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** One workspace for a test file, made afresh before each of its tests and removed after it. */
export function workspaceForEachTest(): Workspace {
  const ws = {} as Workspace;
  beforeEach(async () => {
    Object.assign(ws, await makeWorkspace());
  });
  afterEach(() => ws.cleanup());
  return ws;
}

/** Front matter of a valid new post that uses an existing public image. */
export function newPostFront(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Winter Menu Ideas for Newcastle Cafes',
    summary: 'Five warm specials that bring regulars back on cold mornings.',
    category: 'email-marketing',
    featuredImage: '/images/blog/existing.webp',
    ...overrides,
  };
}

/** `npm run content -- add <file>` (with `--update` when asked) on the workspace's store and public/ folder. */
export function addFile(ws: Workspace, file: string, extra: { update?: boolean } = {}): Promise<AddResult> {
  return addPost({ file, dataFile: ws.dataFile, publicDir: ws.publicDir, ...extra });
}

/** Runs a command that must fail; checks the store's bytes did not change and returns the message. */
export async function refusal(ws: Workspace, command: () => Promise<unknown>): Promise<string> {
  const before = await ws.storeBytes();
  let failure: unknown;
  try {
    await command();
  } catch (error) {
    failure = error;
  }
  expect(failure, 'the command should have failed').toBeInstanceOf(ContentError);
  expect((await ws.storeBytes()).equals(before), 'the store changed').toBe(true);
  return (failure as Error).message;
}
