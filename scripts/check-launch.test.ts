import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runScript } from './lib/run-script.ts';

const timeout = 60_000;

/** Nothing set that a launch needs (whatever the shell running the tests holds). */
const freshClone = {
  SITE_URL: '',
  SMTP_URL: '',
  HUBSPOT_PORTAL_ID: '',
  HUBSPOT_FORM_ID: '',
  ALERT_WEBHOOK_URL: '',
  BOOKING_URL: '',
};

/** A studio that has set everything, with the content files of test-support/launch-ready in place of its own. */
const launched = {
  SITE_URL: 'https://studio.example',
  CONTACT_PHONE: '(02) 4000 0000',
  CONTACT_EMAIL: 'hello@studio.example',
  SMTP_URL: 'smtp://studio:pa55word@mail.example.com:587',
  BOOKING_URL: 'https://cal.com/studio/consult',
  NODE_OPTIONS: `--import tsx --import ${fileURLToPath(new URL('../test-support/launch-ready/register.ts', import.meta.url))}`,
};

/** The rows of the output whose first column is `state`: their item names. */
const itemsIn = (stdout: string, state: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith(`  ${state} `))
    .map(
      (line) =>
        line
          .slice(2 + state.length)
          .trim()
          .split(/\s{2,}/)[0],
    );

describe('npm run check:launch', () => {
  test(
    'on the seeded site: exits 1 and lists what is missing, and what is still empty',
    async () => {
      const run = await runScript('check-launch.ts', [], freshClone);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('');
      expect(itemsIn(run.stdout, 'MISSING')).toEqual([
        'Phone number',
        'Email address',
        'Where enquiries go',
        'Site address',
        'Legal name',
        'ABN',
        'Opening hours',
        'Who takes consults',
      ]);
      expect(itemsIn(run.stdout, 'set')).toEqual(['Address or service area']);
      expect(itemsIn(run.stdout, 'empty')).toEqual(['Testimonials', 'Booking page', 'Team photos', 'Social profiles']);
      expect(run.stdout).toContain('set CONTACT_PHONE: every page shows the placeholder (02) 4929 7150');
      expect(run.stdout).toContain('set takesConsults: true on the team member a visitor talks to');
      expect(run.stdout).toMatch(/\nNot ready: 8 required items missing\.\n$/);
    },
    timeout,
  );

  test(
    'on a filled-in studio: exits 0, every item set, and never prints a secret',
    async () => {
      const run = await runScript('check-launch.ts', [], launched);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(itemsIn(run.stdout, 'MISSING')).toEqual([]);
      expect(itemsIn(run.stdout, 'empty')).toEqual([]);
      expect(run.stdout).toContain('Jane Doe, Founder and strategist');
      expect(run.stdout).toContain('51 824 753 556');
      expect(run.stdout).toMatch(/\nReady to launch\.\n$/);
      expect(run.stdout).not.toContain('pa55word');
    },
    timeout,
  );

  test(
    'recommended items alone do not stop a launch',
    async () => {
      const run = await runScript('check-launch.ts', [], { ...launched, BOOKING_URL: '' });
      expect(run.code).toBe(0);
      expect(itemsIn(run.stdout, 'empty')).toEqual(['Booking page']);
      expect(run.stdout).toMatch(/\nReady to launch: 1 recommended item still empty\.\n$/);
    },
    timeout,
  );

  test(
    'an alert webhook alone counts, and says that it only announces delivery problems',
    async () => {
      const run = await runScript('check-launch.ts', [], {
        ...launched,
        SMTP_URL: '',
        ALERT_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/s3cr3t',
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/ Where enquiries go +alert webhook \(it only announces delivery problems: /);
      expect(run.stdout).not.toContain('s3cr3t');
    },
    timeout,
  );

  test(
    'a bad setting is one error line and exit 1',
    async () => {
      const run = await runScript('check-launch.ts', [], { ...freshClone, SITE_URL: 'studio.example' });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: Invalid configuration: SITE_URL must be an absolute http\(s\) URL/);
    },
    timeout,
  );
});
