import { describe, expect, test } from 'vitest';
import { runLaunchCheck } from './lib/check-launch-cli.ts';
import { runCommand, runScript } from './lib/run-script.ts';
import { itemsIn } from '../test-support/launch-ready/report.ts';

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

describe('npm run check:launch', () => {
  test(
    'on the seeded site: exits 1 and lists what is missing, and what is still empty',
    async () => {
      // As operators run it, in a process of its own: its exit status and output streams.
      const run = await runScript('check-launch.ts', [], freshClone);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('');
      expect(itemsIn(run.stdout, 'MISSING')).toEqual([
        'Phone number',
        'Email address',
        'Where enquiries go',
        'Site address',
        'ABN',
        'Opening hours',
        'Who takes consults',
      ]);
      expect(itemsIn(run.stdout, 'set')).toEqual(['Address or service area']);
      expect(itemsIn(run.stdout, 'empty')).toEqual([
        'Testimonials',
        'Booking page',
        'Team photos',
        'Legal name',
        'Recent blog post',
        'Newsletter sign-up',
        'Newsletter sample issue',
        'Social profiles',
      ]);
      expect(run.stdout).toContain('The newsletter sign-up is hidden: no confirmation can be sent');
      expect(run.stdout).toContain('add a sample issue: a post in the category "newsletter"');
      expect(itemsIn(run.stdout, 'confirm')).toHaveLength(8);
      expect(run.stdout).toContain('set CONTACT_PHONE: every page shows the placeholder (02) 4929 7150');
      expect(run.stdout).toContain('set takesConsults: true on the team member a visitor talks to');
      expect(run.stdout).toMatch(/\nNot ready: 7 required items missing\.\n$/);
    },
    timeout,
  );

  test(
    'a bad setting is one error line and exit 1',
    async () => {
      const run = await runCommand((_args, io) => runLaunchCheck(io), [], {
        ...freshClone,
        SITE_URL: 'studio.example',
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: Invalid configuration: SITE_URL must be an absolute http\(s\) URL/);
    },
    timeout,
  );
});
