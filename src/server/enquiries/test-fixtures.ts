import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { NewEnquiry } from './enquiry-store.server.ts';

/** For tests: an enquiry as the endpoint hands it to the store; each test adds the fields it is about. */
export function newEnquiry(overrides: Partial<NewEnquiry> = {}): NewEnquiry {
  return {
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.com',
    plan: 'growth',
    pageUri: 'https://studio.example/start-project?plan=growth',
    spam: false,
    ...overrides,
  };
}

/**
 * For tests: a fresh folder for each test, removed after it, and the enquiries file's path inside it
 * (`relative`, so a test can have the store make missing folders).
 */
export function tempEnquiriesFile(prefix: string, relative = 'enquiries.json'): { dir: string; file: string } {
  const paths = { dir: '', file: '' };
  beforeEach(async () => {
    paths.dir = await mkdtemp(join(tmpdir(), prefix));
    paths.file = join(paths.dir, relative);
  });
  afterEach(() => rm(paths.dir, { recursive: true, force: true }));
  return paths;
}
