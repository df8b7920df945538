import { describe, expect, test, vi } from 'vitest';
import { runLaunchCheck } from './lib/check-launch-cli.ts';
import { runCommand } from './lib/run-script.ts';
import { itemsIn } from '../test-support/launch-ready/report.ts';
import { testPost, testStore, writeTempStore } from '../test-support/server.ts';

// A studio that has filled in its content: the fixture content's business details and testimonials, and a team in
// which someone takes the consults.
vi.mock('../src/content/business.ts', () => import('../test-support/fixture-content/business.ts'));
vi.mock('../src/content/testimonials.ts', () => import('../test-support/fixture-content/testimonials.ts'));
vi.mock('../src/content/team.ts', () => import('../test-support/launch-ready/team.ts'));

const day = 24 * 60 * 60 * 1000;
/** A blog whose newest post is `daysAgo` days old. */
function blogWithNewestPost(daysAgo: number): string {
  const data = testStore(0);
  // The newsletter's first issue: a post in its blog category.
  data.categories.push({ id: 3, name: 'Newsletter', slug: 'newsletter' });
  data.posts.push(
    testPost({ id: 3, slug: 'issue-1', categoryId: 3, publishedAt: new Date(Date.now() - 300 * day).toISOString() }),
    testPost({ id: 1, slug: 'older', publishedAt: new Date(Date.now() - 400 * day).toISOString() }),
    testPost({ id: 2, slug: 'newest', publishedAt: new Date(Date.now() - daysAgo * day).toISOString() }),
  );
  return writeTempStore(data).file;
}

/** A studio that has set everything, run in this process with its output captured. */
const launched = {
  DATA_FILE: blogWithNewestPost(10),
  SITE_URL: 'https://studio.example',
  CONTACT_PHONE: '(02) 4000 0000',
  CONTACT_EMAIL: 'hello@studio.example',
  SMTP_URL: 'smtp://studio:pa55word@mail.example.com:587',
  BOOKING_URL: 'https://cal.com/studio/consult',
};
const check = (env: Record<string, string>) => runCommand((_args, io) => runLaunchCheck(io), [], env);

describe('npm run check:launch on a filled-in studio', () => {
  test('on a filled-in studio: exits 0, every item set, and never prints a secret', async () => {
    const run = await check(launched);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(itemsIn(run.stdout, 'MISSING')).toEqual([]);
    expect(itemsIn(run.stdout, 'empty')).toEqual([]);
    expect(run.stdout).toContain('Jane Doe, Founder and strategist');
    expect(run.stdout).toMatch(/ Recent blog post +the newest, newest, is from \d{4}-\d\d-\d\d\n/);
    expect(run.stdout).toContain('51 824 753 556');
    expect(run.stdout).toMatch(/\nReady to launch\.\n$/);
    expect(run.stdout).not.toContain('pa55word');
  });

  test('recommended items alone do not stop a launch', async () => {
    const run = await check({ ...launched, BOOKING_URL: '' });
    expect(run.code).toBe(0);
    expect(itemsIn(run.stdout, 'empty')).toEqual(['Booking page']);
    expect(run.stdout).toMatch(/\nReady to launch: 1 recommended item still empty\.\n$/);
  });

  test('an alert webhook alone counts, and says that it only announces delivery problems', async () => {
    const run = await check({
      ...launched,
      SMTP_URL: '',
      ALERT_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/s3cr3t',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/ Where enquiries go +alert webhook \(it only announces delivery problems: /);
    expect(run.stdout).not.toContain('s3cr3t');
  });

  test('a newest post older than six months is recommended, with its date', async () => {
    const run = await check({ ...launched, DATA_FILE: blogWithNewestPost(200) });
    expect(run.code).toBe(0);
    expect(itemsIn(run.stdout, 'empty')).toEqual(['Recent blog post']);
    expect(run.stdout).toMatch(/the newest, newest, is from [\d-]+: older than 6 months, publish one/);
  });

  test('the claims only the studio can stand behind are listed from the offer to confirm, and do not stop a launch', async () => {
    const run = await check(launched);
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .split('\n')
        .filter((line) => line.startsWith('  confirm '))
        .map((line) => line.replace(/^ {2}confirm +Claim to confirm +/, '')),
    ).toEqual([
      '"Most popular" on Local Launch Pack (src/content/offer.ts, packages.ts)',
      '"Regular price $3,000" on Local Launch Pack (src/content/offer.ts, packages.ts)',
      "the price range $750–$3,000 in the home page's structured data (src/content/offer.ts, packages.ts)",
      'the newsletter\'s "5,000+ subscribers" and "61%" open rate (src/content/offer.ts, packages.ts)',
      'the newsletter coming "fortnightly" (src/content/offer.ts, packages.ts)',
    ]);
  });

  test('a legal name is not required: a studio trading under its brand has none to add', async () => {
    vi.resetModules();
    vi.doMock('../src/content/business.ts', async () => {
      const { businessDetails } = await import('../test-support/fixture-content/business.ts');
      return { businessDetails: { ...businessDetails, legalName: undefined } };
    });
    const { runLaunchCheck: run } = await import('./lib/check-launch-cli.ts');
    const result = await runCommand((_args, io) => run(io), [], launched);
    vi.doUnmock('../src/content/business.ts');
    expect(result.code).toBe(0);
    expect(itemsIn(result.stdout, 'empty')).toEqual(['Legal name']);
    expect(result.stdout).toContain('only if your registered name differs from');
  });
});
