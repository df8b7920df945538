/**
 * `npm run check:launch`: what the studio must fill in before launch, and what it may still add, from the settings
 * in this shell (as the production server would read them) and the content files. Exit status 1 while a required
 * item is missing (or a setting or content file is invalid), 0 when all are set.
 */
import { runLaunchCheck } from './lib/check-launch-cli.ts';
import { processIo } from './lib/operator-cli.ts';

process.exitCode = runLaunchCheck(processIo());
