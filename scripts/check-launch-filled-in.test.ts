import { describe, expect, test, vi } from 'vitest';
import { runLaunchCheck } from './lib/check-launch-cli.ts';
import { runCommand } from './lib/run-script.ts';
import { itemsIn } from '../test-support/launch-ready/report.ts';

// A studio that has filled in its content: the fixture content's business details and testimonials, and a team in
// which someone takes the consults.
vi.mock('../src/content/business.ts', () => import('../test-support/fixture-content/business.ts'));
vi.mock('../src/content/testimonials.ts', () => import('../test-support/fixture-content/testimonials.ts'));
vi.mock('../src/content/team.ts', () => import('../test-support/launch-ready/team.ts'));

/** A studio that has set everything, run in this process with its output captured. */
const launched = {
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
});
