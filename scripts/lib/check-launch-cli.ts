/**
 * `npm run check:launch`, run on any output and environment (scripts/check-launch.ts runs it on the process's
 * own): what the studio must fill in before launch, and what it may still add, from the settings in `io.env` (as
 * the production server would read them) and the content files.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type OperatorIo, table } from './operator-cli.ts';
import { businessDetails } from '../../src/content/business.ts';
import { team } from '../../src/content/team.ts';
import { testimonials } from '../../src/content/testimonials.ts';
import { ConfigError, parseConfig } from '../../src/server/config.server.ts';
import { storeSchema } from '../../src/lib/store-schema.ts';
import { newsletterCategorySlug } from '../../src/lib/newsletter.ts';
import { launchReport, type LaunchItem } from '../../src/server/launch-check.server.ts';
import { studioContentProblem } from '../../src/server/studio-content.server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The newest public post in the store at `dataFile`; none when it has none or cannot be read (content check says why). */
function newestPost(dataFile: string): { slug: string; publishedAt: string } | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(dataFile, 'utf8'));
  } catch {
    return undefined;
  }
  const parsed = storeSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const now = Date.now();
  return parsed.data.posts
    .flatMap(({ slug, publishedAt }) =>
      publishedAt !== null && Date.parse(publishedAt) <= now ? [{ slug, publishedAt }] : [],
    )
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))[0];
}

/** Public posts in the blog's Newsletter category: none when the store has no such category or cannot be read. */
function newsletterIssues(dataFile: string): number {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(dataFile, 'utf8'));
  } catch {
    return 0;
  }
  const parsed = storeSchema.safeParse(data);
  if (!parsed.success) return 0;
  const category = parsed.data.categories.find((c) => c.slug === newsletterCategorySlug);
  const now = Date.now();
  return parsed.data.posts.filter(
    (post) => post.categoryId === category?.id && post.publishedAt !== null && Date.parse(post.publishedAt) <= now,
  ).length;
}

/**
 * Prints the report on `io` and resolves to the exit status: 1 while a required item is missing (or a setting or
 * content file is invalid, printed as one `error:` line on stderr), 0 when all are set.
 */
export function runLaunchCheck(io: OperatorIo): number {
  const stop = (message: string) => {
    io.stderr.write(`error: ${message}\n`);
    return 1;
  };
  let config;
  try {
    config = parseConfig({ ...io.env, NODE_ENV: 'production' }, { root });
  } catch (error) {
    if (error instanceof ConfigError) return stop(error.message);
    throw error;
  }
  const problem = studioContentProblem(
    { business: businessDetails, team, testimonials },
    fileURLToPath(new URL('../../public', import.meta.url)),
  );
  if (problem) return stop(problem);

  const { items, ready } = launchReport(config, {
    business: businessDetails,
    team,
    testimonials,
    newestPost: newestPost(config.dataFile),
    newsletterIssues: newsletterIssues(config.dataFile),
  });
  const rows = (list: LaunchItem[], unset: string) =>
    table(
      ['STATE', 'ITEM', 'DETAIL'],
      list.map((entry) => [entry.set ? 'set' : entry.confirm ? 'confirm' : unset, entry.name, entry.detail]),
    ).map((line) => `  ${line}`);

  const required = items.filter((entry) => entry.required);
  const recommended = items.filter((entry) => !entry.required);
  const missing = required.filter((entry) => !entry.set).length;
  const empty = recommended.filter((entry) => !entry.set && !entry.confirm).length;
  const print = (text: string) => io.stdout.write(`${text}\n`);
  print('Required before launch:');
  print(rows(required, 'MISSING').join('\n'));
  print('\nRecommended (the site works without them):');
  print(rows(recommended, 'empty').join('\n'));
  print(
    ready
      ? `\nReady to launch${empty ? `: ${empty} recommended item${empty === 1 ? '' : 's'} still empty` : ''}.`
      : `\nNot ready: ${missing} required item${missing === 1 ? '' : 's'} missing.`,
  );
  return ready ? 0 : 1;
}
