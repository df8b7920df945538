/**
 * The operators' content workflow: `npm run content -- <command>` (see "Publishing a post" in README.md).
 * Exit status 0 on success, 1 on any failure (printed as `error: <message>` on stderr).
 */
import { runContentCommand } from './lib/content-cli.ts';
import { processIo } from './lib/operator-cli.ts';

process.exitCode = await runContentCommand(process.argv.slice(2), processIo());
