import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * For tests: a new empty folder in the system's temp folder, for the test (or beforeEach) that calls this.
 * Removed by onTestFinished, which runs after the test's afterEach hooks have closed what was writing into it.
 */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
