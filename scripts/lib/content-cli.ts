/**
 * The operators' content workflow, `npm run content -- <command>` (see "Publishing a post" in README.md), run on
 * any output and environment: scripts/content.ts runs it on the process's own.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Command, Option } from 'commander';
import { type OperatorIo, operatorCommand, runOperatorCommand, table } from './operator-cli.ts';
import { planIds, planTitles } from '../../src/content/plan-titles.ts';
import { addPost } from '../../src/server/content/commands/add.server.ts';
import {
  addCategory,
  listCategories,
  removeCategory,
  setCategoryPlan,
  renameCategory,
} from '../../src/server/content/commands/categories.server.ts';
import { defaultPostPlan } from '../../src/content/offer.ts';
import { checkStore } from '../../src/server/content/commands/check.server.ts';
import { exportContent, importContent } from '../../src/server/content/commands/export-import.server.ts';
import { listPosts } from '../../src/server/content/commands/list.server.ts';
import { previewDays, previewLink, revokePreviewLinks } from '../../src/server/content/commands/preview.server.ts';
import { publishPost } from '../../src/server/content/commands/publish.server.ts';
import { removePost } from '../../src/server/content/commands/remove.server.ts';
import { ContentError } from '../../src/server/content/content-error.server.ts';
import { lockNotices } from '../../src/server/content/content-store.server.ts';
import { stateCounts } from '../../src/server/content/post-state.server.ts';
import { ConfigError, parseConfig } from '../../src/server/config.server.ts';
import { formSecretFile, readFormSecret } from '../../src/server/enquiries/form-token.server.ts';
import { defaultPreviewDays, maxPreviewDays } from '../../src/server/preview-links.server.ts';

interface StoreFlags {
  data: string;
}
interface PublicFlags {
  public: string;
}

/** The folder of package.json: a relative ENQUIRIES_FILE is found from there, as the server finds it. */
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm run content -- <argv>` with its output on `io`; resolves to the exit status. */
export async function runContentCommand(argv: string[], io: OperatorIo): Promise<number> {
  /** Set by a command that finishes but reports a failure (check's problems). */
  let status = 0;

  const defaultDataFile = io.env.DATA_FILE ?? 'data/db.json';

  function withData(command: Command): Command {
    return command.addOption(new Option('--data <file>', 'the JSON store (env DATA_FILE)').default(defaultDataFile));
  }

  function withPublic(command: Command): Command {
    return command.addOption(
      new Option('--public <dir>', 'the site folder that featured image paths start from').default('public'),
    );
  }

  function print(line = ''): void {
    io.stdout.write(`${line}\n`);
  }

  function warn(line: string): void {
    io.stderr.write(`warning: ${line}\n`);
  }

  function shorten(text: string, max: number): string {
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  }

  const program = operatorCommand(
    'npm run content --',
    "Publish blog posts from markdown files with front matter into the site's store (DATA_FILE).\n" +
      'Every change is validated first; a failed command leaves the store exactly as it was.',
    `  npm run content -- add drafts/winter-menu.md           add a post (a future publishedAt schedules it)
  npm run content -- add drafts/winter-menu.md --draft   add it as a draft, hidden until published
  npm run content -- preview winter-menu-ideas           a link that shows the draft to whoever holds it, for 7 days
  npm run content -- preview winter-menu-ideas --revoke  end every link made for it so far
  npm run content -- publish winter-menu-ideas           make it public now (--at <ISO time> schedules it)
  npm run content -- add drafts/winter-menu.md --update  replace the post with the same slug
  npm run content -- list
  npm run content -- remove winter-menu-ideas
  npm run content -- categories add "Branding"
  npm run content -- categories rename branding "Brand & Design"
  npm run content -- categories plan local-seo visibility-boost   its posts end with that package's card
  npm run content -- check
  npm run content -- export backup/                      a backup: posts, categories and their images
  npm run content -- import backup/                      restore it (into an empty site too)
  npm run content -- import content/                     rebuild data/db.json from the seeded sources`,
    io,
  );

  withPublic(
    withData(
      program
        .command('add')
        .description('add a post from a markdown file with front matter (see "Publishing a post" in README.md)')
        .argument('<file.md>', 'markdown file: front matter (title, summary, category, featuredImage, …) then the post')
        .option(
          '--update',
          'replace the existing post with the same slug (keeps its id, createdAt and publishedAt unless given)',
        )
        .option('--draft', 'store it as a draft (publishedAt in the file is ignored): hidden until publish'),
    ),
  ).action(async (file: string, flags: StoreFlags & PublicFlags & { update?: boolean; draft?: boolean }) => {
    const result = await addPost({
      file,
      update: flags.update,
      draft: flags.draft,
      dataFile: flags.data,
      publicDir: flags.public,
    });
    const { post } = result;
    if (result.imageFile) print(`converted featuredImage to ${relative(process.cwd(), result.imageFile)}`);
    for (const image of result.bodyImages) print(`converted ${image.source} to ${image.reference}`);
    const when =
      result.state === 'draft'
        ? `a draft (see it with: npm run content -- preview ${post.slug})`
        : `${result.state === 'scheduled' ? 'scheduled for' : 'published'} ${post.publishedAt}`;
    print(`${result.action} "${post.title}" (slug ${post.slug}, id ${post.id}, ${result.category.name}), ${when}`);
    for (const warning of result.warnings) warn(warning);
  });

  withData(
    program
      .command('publish')
      .description('give a draft or a scheduled post its publish time: now, or --at a time (a future one schedules it)')
      .argument('<slug>', "the post's slug")
      .option('--at <time>', 'an ISO date-time with its zone, e.g. 2025-06-02T08:00:00+10:00 (default: now)'),
  ).action(async (slug: string, flags: StoreFlags & { at?: string }) => {
    const { post, state } = await publishPost({ dataFile: flags.data, slug, at: flags.at });
    const when = state === 'scheduled' ? `scheduled for ${post.publishedAt}` : `published ${post.publishedAt}`;
    print(`"${post.title}" (slug ${post.slug}, id ${post.id}) ${when}`);
  });

  withData(
    program
      .command('preview')
      .description(
        'print a signed link (under SITE_URL) that shows a draft or a scheduled post as it will appear, to whoever ' +
          'holds it; every server with the same FORM_SECRET (or key file beside ENQUIRIES_FILE) honours it',
      )
      .argument('<slug>', "the post's slug")
      .option('--days <n>', `how many days the link works, 1 to ${maxPreviewDays} (default: ${defaultPreviewDays})`)
      .option('--revoke', 'end every link made for this post so far (links made afterwards work)'),
  ).action(async (slug: string, flags: StoreFlags & { days?: string; revoke?: boolean }) => {
    if (flags.revoke) {
      if (flags.days !== undefined) throw new ContentError('--revoke makes no link: leave out --days');
      const post = await revokePreviewLinks({ dataFile: flags.data, slug });
      print(`ended every preview link made so far for "${post.title}" (slug ${post.slug})`);
      return;
    }
    const days = previewDays(flags.days);
    let config;
    try {
      config = parseConfig(io.env, { root: projectRoot });
    } catch (error) {
      if (error instanceof ConfigError) throw new ContentError(error.message);
      throw error;
    }
    // Only a key the servers already use can sign a link they honour: never make a new one here.
    const { formSecret, file } = config.enquiries;
    const secret = formSecret
      ? Buffer.from(formSecret, 'utf8')
      : await readFormSecret(formSecretFile(file)).catch((error: unknown) => {
          const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
          throw new ContentError(
            missing
              ? `no key to sign the link with: set FORM_SECRET as the servers have it, or start the server once so that it makes ${formSecretFile(file)}`
              : `cannot read the key preview links are signed with: ${(error as Error).message}`,
          );
        });
    const { url } = await previewLink({ dataFile: flags.data, slug, days, siteUrl: config.public.siteUrl, secret });
    if (!io.env.SITE_URL?.trim()) warn(`SITE_URL is not set: the link starts with ${config.public.siteUrl}`);
    print(url);
  });

  withData(
    program
      .command('list')
      .description('list every post, newest first, with its state (published, scheduled or draft)')
      .option('--json', 'print JSON instead of a table'),
  ).action(async (flags: StoreFlags & { json?: boolean }) => {
    const posts = await listPosts({ dataFile: flags.data });
    if (flags.json) {
      print(JSON.stringify(posts, null, 2));
      return;
    }
    if (!posts.length) {
      print('no posts');
      return;
    }
    const rows = posts.map((p) => [p.slug, shorten(p.title, 60), p.category, p.publishedAt ?? '-', p.state]);
    for (const line of table(['SLUG', 'TITLE', 'CATEGORY', 'PUBLISHED AT', 'STATE'], rows)) print(line);
    print(`\n${posts.length} posts (${stateCounts(posts)})`);
  });

  withPublic(
    withData(
      program
        .command('remove')
        .description('delete a post from the store, and the images only it used')
        .argument('<slug>', "the post's slug"),
    ),
  ).action(async (slug: string, flags: StoreFlags & PublicFlags) => {
    const { post, deletedImages } = await removePost({ dataFile: flags.data, publicDir: flags.public, slug });
    print(`removed "${post.title}" (slug ${post.slug}, id ${post.id})`);
    if (deletedImages.length) print(`deleted ${deletedImages.length} image files: ${deletedImages.join(', ')}`);
  });

  const categories = program
    .command('categories')
    .description('list, add, rename or remove blog categories, or name the package their posts lead to');

  withData(
    categories
      .command('add')
      .description('add a category')
      .argument('<name>', 'the name shown on the site, e.g. "Branding"')
      .option('--slug <slug>', 'the URL slug (default: derived from the name)'),
  ).action(async (name: string, flags: StoreFlags & { slug?: string }) => {
    const category = await addCategory({ dataFile: flags.data, name, slug: flags.slug });
    print(`added category "${category.name}" (slug ${category.slug}, id ${category.id})`);
  });

  withData(
    categories.command('list').description('list the categories with their post counts').option('--json', 'print JSON'),
  ).action(async (flags: StoreFlags & { json?: boolean }) => {
    const list = await listCategories({ dataFile: flags.data });
    if (flags.json) {
      print(JSON.stringify(list, null, 2));
      return;
    }
    const rows = list.map((c) => [String(c.id), c.slug, String(c.posts), c.plan ?? '', c.name]);
    for (const line of table(['ID', 'SLUG', 'POSTS', 'PLAN', 'NAME'], rows)) print(line);
  });

  withData(
    categories
      .command('rename')
      .description('rename a category (its posts follow; the slug stays unless --slug is given)')
      .argument('<slug>', "the category's slug")
      .argument('<name>', 'the new name shown on the site')
      .option('--slug <slug>', 'a new URL slug too (old /blog?category= links then show all posts)'),
  ).action(async (slug: string, name: string, flags: StoreFlags & { slug?: string }) => {
    const { before, after } = await renameCategory({ dataFile: flags.data, slug, name, newSlug: flags.slug });
    print(
      `renamed category "${before.name}" (slug ${before.slug}) to "${after.name}" (slug ${after.slug}, id ${after.id})`,
    );
  });

  withData(
    categories
      .command('plan')
      .description(
        "name the package a category's posts lead to, unless a post names its own (plan: in its front matter)",
      )
      .argument('<slug>', "the category's slug")
      .argument('<plan>', `a plan id (${planIds.join(', ')}), or none`),
  ).action(async (slug: string, plan: string, flags: StoreFlags) => {
    const { category, posts } = await setCategoryPlan({ dataFile: flags.data, slug, plan });
    print(
      category.plan
        ? `category "${category.name}" (slug ${category.slug}) leads to ${planTitles[category.plan]}: ${posts} post${posts === 1 ? '' : 's'} without a plan of their own end with its card`
        : `category "${category.name}" (slug ${category.slug}) leads to no package: its posts without a plan of their own end with the general call to action`,
    );
  });

  withData(
    categories
      .command('remove')
      .description('delete a category that no post uses')
      .argument('<slug>', "the category's slug"),
  ).action(async (slug: string, flags: StoreFlags) => {
    const category = await removeCategory({ dataFile: flags.data, slug });
    print(`removed category "${category.name}" (slug ${category.slug}, id ${category.id})`);
  });

  withPublic(
    withData(
      program
        .command('check')
        .description(
          'validate the whole store and every image the posts use (exit 1 on problems); warn about unused images',
        ),
    ),
  ).action(async (flags: StoreFlags & PublicFlags) => {
    const result = await checkStore({ dataFile: flags.data, publicDir: flags.public });
    for (const warning of result.warnings) warn(warning);
    const { categories, posts } = result.defaultPlan;
    const fallback = `the default package, ${planTitles[defaultPostPlan]} (src/content/offer.ts)`;
    if (categories.length)
      print(`categories naming no package (categories plan <slug> <plan>): ${categories.join(', ')}`);
    if (posts.length)
      print(`posts ending with ${fallback}, as neither they nor their category name one: ${posts.join(', ')}`);
    if (result.ok) {
      print(`OK ${result.summary}`);
      return;
    }
    io.stderr.write(`${flags.data}: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}\n`);
    for (const problem of result.problems) io.stderr.write(`  - ${problem}\n`);
    status = 1;
  });

  withPublic(
    withData(
      program
        .command('export')
        .description(
          'back up every post (drafts and scheduled ones too) to <dir>/posts/<slug>.md, the categories to ' +
            '<dir>/categories.json and the images the posts use to <dir>/images/…',
        )
        .argument('<dir>', 'target folder')
        .option('--clean', 'delete other .md files in <dir>/posts (they would come back on the next import)'),
    ),
  ).action(async (dir: string, flags: StoreFlags & PublicFlags & { clean?: boolean }) => {
    const result = await exportContent({ dataFile: flags.data, publicDir: flags.public, dir, clean: flags.clean });
    print(`exported ${result.posts} posts, ${result.categories} categories and ${result.images} image files to ${dir}`);
    for (const warning of result.warnings) warn(warning);
    if (result.strayFiles.length) {
      if (flags.clean)
        print(`deleted ${result.strayFiles.length} files not in the store: ${result.strayFiles.join(', ')}`);
      else warn(`not in the store, would be imported again (use --clean to delete): ${result.strayFiles.join(', ')}`);
    }
  });

  withPublic(
    withData(
      program
        .command('import')
        .description(
          'rebuild the store from <dir>/posts/*.md and <dir>/categories.json, and put the images of <dir> back ' +
            'under --public (all checked first)',
        )
        .argument('<dir>', 'source folder, e.g. content/'),
    ),
  ).action(async (dir: string, flags: StoreFlags & PublicFlags) => {
    const result = await importContent({ dir, dataFile: flags.data, publicDir: flags.public });
    print(
      `imported ${result.data.posts.length} posts, ${result.data.categories.length} categories and ${result.images} ` +
        `image files from ${dir} into ${flags.data}`,
    );
    for (const warning of result.warnings) warn(warning);
    if (result.warnings.length) warn(`run: npm run content -- check`);
  });

  // A command that waits for another's lock says so at once, on this run's stderr.
  const reportedBefore = lockNotices.report;
  lockNotices.report = warn;
  try {
    // A content error is the operator's to fix and says how; anything else is a bug, reported with its stack.
    const code = await runOperatorCommand(program, argv, io, (error) =>
      error instanceof ContentError ? error.message : ((error as Error).stack ?? String(error)),
    );
    return code || status;
  } finally {
    lockNotices.report = reportedBefore;
  }
}
