/**
 * `npm run check:launch`: what the studio must fill in before launch, and what it may still add, from the settings
 * in this shell (as the production server would read them) and the content files. Exit status 1 while a required
 * item is missing (or a setting or content file is invalid), 0 when all are set.
 */
import { fileURLToPath } from 'node:url';
import { table } from './lib/operator-cli.ts';
import { businessDetails } from '../src/content/business.ts';
import { team } from '../src/content/team.ts';
import { testimonials } from '../src/content/testimonials.ts';
import { ConfigError, parseConfig } from '../src/server/config.server.ts';
import { launchReport, type LaunchItem } from '../src/server/launch-check.server.ts';
import { studioContentProblem } from '../src/server/studio-content.server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function stop(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

let config;
try {
  config = parseConfig({ ...process.env, NODE_ENV: 'production' }, { root });
} catch (error) {
  if (error instanceof ConfigError) stop(error.message);
  throw error;
}
const problem = studioContentProblem(
  { business: businessDetails, team, testimonials },
  fileURLToPath(new URL('../public', import.meta.url)),
);
if (problem) stop(problem);

const { items, ready } = launchReport(config, { business: businessDetails, team, testimonials });
const rows = (list: LaunchItem[], unset: string) =>
  table(
    ['STATE', 'ITEM', 'DETAIL'],
    list.map((entry) => [entry.set ? 'set' : unset, entry.name, entry.detail]),
  ).map((line) => `  ${line}`);

const required = items.filter((entry) => entry.required);
const recommended = items.filter((entry) => !entry.required);
const missing = required.filter((entry) => !entry.set).length;
const empty = recommended.filter((entry) => !entry.set).length;
console.log('Required before launch:');
console.log(rows(required, 'MISSING').join('\n'));
console.log('\nRecommended (the site works without them):');
console.log(rows(recommended, 'empty').join('\n'));
console.log(
  ready
    ? `\nReady to launch${empty ? `: ${empty} recommended item${empty === 1 ? '' : 's'} still empty` : ''}.`
    : `\nNot ready: ${missing} required item${missing === 1 ? '' : 's'} missing.`,
);
process.exitCode = ready ? 0 : 1;
