/**
 * Vitest's global setup: one real PostgreSQL server for the whole run (Debian's, in a temporary folder, see
 * postgres.ts), stopped at the end. Tests ask for a database of their own with `testDatabase()`
 * (test-support/enquiries.ts).
 */
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '../scripts/lib/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's admin URL (database `postgres`, no password). */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
