/**
 * The operators' view of the newsletter's subscribers: `npm run subscribers -- <command>` (see "Newsletter" in
 * README.md). Exit status 0 on success, 1 on any failure (printed as `error: <message>` on stderr).
 */
import { runSubscribersCommand } from './lib/subscribers-cli.ts';
import { processIo } from './lib/operator-cli.ts';

process.exitCode = await runSubscribersCommand(process.argv.slice(2), processIo());
