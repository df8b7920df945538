/**
 * The operators' view of the site's own enquiries: `npm run enquiries -- <command>` (see "Enquiries" in
 * README.md). Exit status 0 on success, 1 on any failure (printed as `error: <message>` on stderr).
 */
import { runEnquiriesCommand } from './lib/enquiries-cli.ts';
import { processIo } from './lib/operator-cli.ts';

process.exitCode = await runEnquiriesCommand(process.argv.slice(2), processIo());
