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

  /** The lines to confirm in a run's output, without their first two columns. */
  const claimLines = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('  confirm '))
      .map((line) => line.replace(/^ {2}confirm +Claim to confirm +/, ''));

  /** The check run with `ids` recorded in src/content/confirmed-claims.ts. */
  async function checkConfirmed(ids: string[], env: Record<string, string>) {
    vi.resetModules();
    vi.doMock('../src/content/confirmed-claims.ts', () => ({ confirmedClaims: ids }));
    const { runLaunchCheck: run } = await import('./lib/check-launch-cli.ts');
    const result = await runCommand((_args, io) => run(io), [], env);
    vi.doUnmock('../src/content/confirmed-claims.ts');
    return result;
  }

  test('the claims only the studio can stand behind are listed from the offer to confirm, and do not stop a launch', async () => {
    const run = await check(launched);
    expect(run.code).toBe(0);
    const confirm = (id: string) => `: once it is true, add '${id}' to src/content/confirmed-claims.ts`;
    expect(claimLines(run.stdout)).toEqual([
      `"Most popular" on Local Launch Pack${confirm('popular')}`,
      `"Regular price $3,000" on Local Launch Pack${confirm('regular-price')}`,
      `the price range $750–$3,000 in the home page's structured data${confirm('price-range')}`,
      `the newsletter's "5,000+ subscribers" and "61%" open rate${confirm('newsletter')}`,
      `the newsletter coming "fortnightly"${confirm('newsletter-frequency')}`,
      `the founding offer's 10 places are all still open (set foundingOffer.open: false once they are taken)${confirm('founding-places')}`,
      `"work starts within 48 hours" of a confirmed package${confirm('start-time')}`,
      `"we reply within 1 business day" to every enquiry${confirm('reply-time')}`,
    ]);
  });

  test('a claim recorded as confirmed is no longer listed, and once all are the list is quiet', async () => {
    const some = await checkConfirmed(['popular', 'reply-time'], launched);
    expect(some.code).toBe(0);
    expect(itemsIn(some.stdout, 'confirm')).toHaveLength(6);
    expect(some.stdout).not.toContain('"Most popular"');
    expect(some.stdout).not.toContain('we reply within');

    const all = [
      'popular',
      'regular-price',
      'price-range',
      'newsletter',
      'newsletter-frequency',
      'founding-places',
      'start-time',
      'reply-time',
    ];
    const quiet = await checkConfirmed(all, launched);
    expect(itemsIn(quiet.stdout, 'confirm')).toEqual([]);
    expect(quiet.stdout).toMatch(/\nReady to launch\.\n$/);
  });

  test('with HubSpot’s form and a booking page, it asks to check the booking offer after a HubSpot send', async () => {
    const withHubSpot = {
      ...launched,
      HUBSPOT_PORTAL_ID: '12345678',
      HUBSPOT_FORM_ID: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
    };
    const asked = claimLines((await check(withHubSpot)).stdout).filter((line) => line.includes('HubSpot'));
    expect(asked).toEqual([
      "after a test send through your HubSpot form, the link to choose a time shows under its thanks (set the form to show a thank-you message, not to redirect): once it is true, add 'booking-after-hubspot' to src/content/confirmed-claims.ts",
    ]);
    expect(claimLines((await check(launched)).stdout).join('\n')).not.toContain('HubSpot');
    const confirmed = await checkConfirmed(['booking-after-hubspot'], withHubSpot);
    expect(confirmed.stdout).not.toContain('after a test send');
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
