import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runContentCommand } from '../../../../scripts/lib/content-cli.ts';
import { runCommand } from '../../../../scripts/lib/run-script.ts';
import { addFile, atTestNow, newPostFront, refusal, workspaceForEachTest } from '../../../../test-support/content.ts';
import { typedPrices } from '../typed-prices.server.ts';
import { setCategoryPlan } from './categories.server.ts';
import { checkStore } from './check.server.ts';
import { exportContent, importContent } from './export-import.server.ts';

const ws = workspaceForEachTest();
atTestNow();

describe('a post names the package it leads to', () => {
  test('plan: in the front matter is stored with the post', async () => {
    const result = await addFile(ws, await ws.postFile('gbp.md', newPostFront({ plan: 'visibility-boost' })));
    expect(result.post.plan).toBe('visibility-boost');
    expect((await ws.storeData()).posts.at(-1)?.plan).toBe('visibility-boost');
    expect(result.warnings).toEqual([]);
  });

  test('a plan that is not one of the offer’s is refused, naming the known ones', async () => {
    const file = await ws.postFile('gbp.md', newPostFront({ plan: 'gold' }));
    expect(await refusal(ws, () => addFile(ws, file))).toMatch(
      /"plan": must be one of the plan ids: visibility-boost, local-launch, growth, paid-ads/,
    );
  });

  test('a category names a default package; none takes it away; an unknown plan is refused', async () => {
    const set = await setCategoryPlan({ dataFile: ws.dataFile, slug: 'local-seo', plan: 'visibility-boost' });
    expect(set.category).toMatchObject({ slug: 'local-seo', plan: 'visibility-boost' });
    expect((await ws.storeData()).categories.find((c) => c.slug === 'local-seo')?.plan).toBe('visibility-boost');
    await setCategoryPlan({ dataFile: ws.dataFile, slug: 'local-seo', plan: 'none' });
    expect((await ws.storeData()).categories.find((c) => c.slug === 'local-seo')).not.toHaveProperty('plan');
    expect(
      await refusal(ws, () => setCategoryPlan({ dataFile: ws.dataFile, slug: 'local-seo', plan: 'gold' })),
    ).toMatch(/^unknown plan "gold" \(known: visibility-boost, /);
  });

  test('export writes both plans and import reads them back', async () => {
    await addFile(ws, await ws.postFile('gbp.md', newPostFront({ slug: 'gbp', plan: 'growth' })));
    await setCategoryPlan({ dataFile: ws.dataFile, slug: 'local-seo', plan: 'visibility-boost' });
    const dir = join(ws.dir, 'backup');
    await exportContent({ dataFile: ws.dataFile, publicDir: ws.publicDir, dir });
    expect(await readFile(join(dir, 'posts', 'gbp.md'), 'utf8')).toMatch(/\ncategory: email-marketing\nplan: growth\n/);
    expect(await readFile(join(dir, 'categories.json'), 'utf8')).toContain(
      '{ "id": 1, "name": "Local SEO", "slug": "local-seo", "plan": "visibility-boost" }',
    );
    const before = await ws.storeData();
    const restored = join(ws.dir, 'restored.json');
    await importContent({ dir, dataFile: restored, publicDir: ws.publicDir });
    const after = JSON.parse(await readFile(restored, 'utf8')) as typeof before;
    expect(after.categories).toEqual(before.categories);
    expect(after.posts.find((post) => post.slug === 'gbp')?.plan).toBe('growth');
  });
});

describe('prices are never typed into a post', () => {
  test.each(['$750', '$1,500', '$1500', '$997', '$3,000', 'A$750.00', 'AUD 997'])(
    '%s is one of the offer’s prices',
    (price) => {
      expect(typedPrices(`Our package is ${price} once-off.`)).toEqual([
        expect.stringMatching(new RegExp(`^the post types the price "${price.replace(/\$/g, '\\$')}" \\(the .+'s\\)`)),
      ]);
    },
  );

  test('other sums, and numbers that are not dollars, pass', () => {
    expect(
      typedPrices('A regular worth $2,000; ads at $40 a click; $6,750 revenue; up to 750 characters; $7500.'),
    ).toEqual([]);
  });

  test('the command warns in a warning: line, and still adds the post', async () => {
    const file = await ws.postFile(
      'gbp.md',
      newPostFront({ slug: 'gbp' }),
      'Hand the whole job over: our Visibility Boost is $750 once-off.',
    );
    const run = await runCommand(runContentCommand, ['add', file, '--data', ws.dataFile, '--public', ws.publicDir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('added ');
    expect(run.stderr).toBe(
      `warning: ${file}: the post types the price "$750" (the Visibility Boost's): a typed price goes stale and says nothing of GST; remove it and name the package in the front matter (plan: visibility-boost), whose card shows its current price\n`,
    );
    expect((await ws.storeData()).posts.map((post) => post.slug)).toContain('gbp');
  });

  test('check warns of a price typed into a stored post too', async () => {
    await addFile(ws, await ws.postFile('gbp.md', newPostFront({ slug: 'gbp' }), 'Growth Partner: $997 a month.'));
    const result = await checkStore({ dataFile: ws.dataFile, publicDir: ws.publicDir });
    expect(result.ok).toBe(true);
    expect(result.warnings).toContainEqual(
      expect.stringMatching(/^post "gbp": the post types the price "\$997" \(the Growth Partner's\)/),
    );
  });

  test('categories plan, from the command line', async () => {
    const run = await runCommand(runContentCommand, [
      'categories',
      'plan',
      'local-seo',
      'visibility-boost',
      '--data',
      ws.dataFile,
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(
      /^category "Local SEO" \(slug local-seo\) leads to Visibility Boost: 1 post without a plan of their own end with its card\n$/,
    );
  });
});
