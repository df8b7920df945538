import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { newsletterHiddenWarning, parseConfig } from './config.server.ts';

/** What a launched studio sets: its own contact details, a channel that reaches a person, its address. */
const launched = {
  SITE_URL: 'https://studio.example',
  CONTACT_PHONE: '(02) 4000 0000',
  CONTACT_EMAIL: 'hello@studio.example',
  SMTP_URL: 'smtp://studio:pa55word@mail.example.com:587',
};

describe('parseConfig', () => {
  test('has the documented defaults', () => {
    const config = parseConfig({}, { root: '/srv/site' });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataFile: '/srv/site/data/db.json' });
    expect(config.public).toMatchObject({
      siteName: 'Newcastle Marketing Studio',
      siteUrl: 'http://localhost:3000',
      hubspot: { region: 'ap1' },
    });
    expect(config.public.contactPhone).toMatch(/^\(02\) 49/);
  });

  test('trims a trailing slash from SITE_URL and treats empty optional values as unset', () => {
    const config = parseConfig({ SITE_URL: 'https://studio.example/', GA_MEASUREMENT_ID: '', HUBSPOT_PORTAL_ID: ' ' });
    expect(config.public.siteUrl).toBe('https://studio.example');
    expect(config.public.gaMeasurementId).toBeUndefined();
    expect(config.public.hubspot.portalId).toBeUndefined();
  });

  test.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .* \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ SITE_URL: 'ftp://x' }, /^Invalid configuration: SITE_URL /],
    [{ CONTACT_EMAIL: 'nope' }, /^Invalid configuration: CONTACT_EMAIL /],
    [
      { GA_MEASUREMENT_ID: 'UA-1' },
      /^Invalid configuration: GA_MEASUREMENT_ID must be a Google tag ID such as G-1A2B3C4D5E/,
    ],
    [{ HUBSPOT_REGION: 'mars' }, /^Invalid configuration: HUBSPOT_REGION must look like ap1/],
  ])('a bad value stops with one clear line: %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  test.each([
    [{ HOST: '' }, 'HOST must not be empty (got "")'],
    [{ DATA_FILE: ' ' }, 'DATA_FILE must not be empty (got " ")'],
    [{ SITE_URL: 'x' }, 'SITE_URL must be an absolute http(s) URL such as https://www.example.com (got "x")'],
    [
      { SITE_URL: 'ftp://x' },
      'SITE_URL must be an absolute http(s) URL such as https://www.example.com (got "ftp://x")',
    ],
    [{ SITE_NAME: '' }, 'SITE_NAME must not be empty (got "")'],
    [{ CONTACT_PHONE: '' }, 'CONTACT_PHONE must not be empty (got "")'],
    [{ CONTACT_EMAIL: 'nope' }, 'CONTACT_EMAIL must be an email address such as hello@example.com (got "nope")'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV must be one of development, production, test (got "prod")'],
    [{ RENDER_CACHE: 'yes' }, 'RENDER_CACHE must be one of on, off (got "yes")'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY must be a whole number from 1 to 64 (got "0")'],
    [{ KEEP_ALIVE_TIMEOUT_SECONDS: '0' }, 'KEEP_ALIVE_TIMEOUT_SECONDS must be a whole number from 1 to 3600 (got "0")'],
    [{ HUBSPOT_PORTAL_ID: '123' }, 'HUBSPOT_PORTAL_ID is set but HUBSPOT_FORM_ID is not (set both, or neither)'],
    [
      { HUBSPOT_FORM_ID: 'abcdef12-3456' },
      'HUBSPOT_FORM_ID is set but HUBSPOT_PORTAL_ID is not (set both, or neither)',
    ],
  ])("every message is in one style, never zod's own wording: %o", (env, message) => {
    expect(() => parseConfig(env)).toThrow(new Error(`Invalid configuration: ${message}`));
  });

  test('a relative DATA_FILE is resolved against the root it is given; an absolute one is kept', () => {
    expect(parseConfig({ DATA_FILE: 'content/site.json' }, { root: '/srv/site' }).dataFile).toBe(
      '/srv/site/content/site.json',
    );
    expect(parseConfig({ DATA_FILE: '/var/lib/site/db.json' }, { root: '/srv/site' }).dataFile).toBe(
      '/var/lib/site/db.json',
    );
  });

  test('development renders every request from source: no page cache, whatever RENDER_CACHE says', () => {
    expect(parseConfig({ RENDER_CACHE: 'on' }).renderCache).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production' }).renderCache).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', RENDER_CACHE: 'off' }).renderCache).toBe(false);
  });

  test('production without SITE_URL: noindex and one warning; with it, neither', () => {
    const bare = parseConfig({ ...launched, NODE_ENV: 'production', PORT: '8080', SITE_URL: '' });
    expect(bare.noindex).toBe(true);
    expect(bare.warnings).toEqual([expect.stringMatching(/^SITE_URL is not set: links name http:\/\/localhost:8080/)]);
    const set = parseConfig({ ...launched, NODE_ENV: 'production' });
    expect(set).toMatchObject({ noindex: false, warnings: [] });
    expect(parseConfig({}).noindex).toBe(false);
  });

  test('enquiries: stored in data/, sent to HubSpot, emailed to CONTACT_EMAIL unless NOTIFY_EMAIL is set', () => {
    expect(parseConfig({ CONTACT_EMAIL: 'studio@example.com' }).enquiries).toMatchObject({
      file: path.resolve('data/enquiries.json'),
      hubspotApiUrl: 'https://api.hsforms.com',
      smtpUrl: undefined,
      notifyEmail: 'studio@example.com',
      rateLimit: 10,
    });
    const config = parseConfig({
      ENQUIRIES_FILE: '/var/lib/studio/enquiries.json',
      HUBSPOT_API_URL: 'http://127.0.0.1:4010/',
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
      NOTIFY_EMAIL: 'leads@example.com',
    });
    expect(config.enquiries).toMatchObject({
      file: '/var/lib/studio/enquiries.json',
      hubspotApiUrl: 'http://127.0.0.1:4010',
      smtpUrl: 'smtp://user:pass@127.0.0.1:2525',
      notifyEmail: 'leads@example.com',
      rateLimit: 10,
    });
  });

  test.each([
    [{ ENQUIRIES_FILE: ' ' }, 'ENQUIRIES_FILE must not be empty (got " ")'],
    [
      { HUBSPOT_API_URL: 'hsforms' },
      'HUBSPOT_API_URL must be an absolute http(s) URL such as https://api.hsforms.com (got "hsforms")',
    ],
    [{ NOTIFY_EMAIL: 'studio' }, 'NOTIFY_EMAIL must be an email address such as hello@example.com (got "studio")'],
  ])('the enquiry settings speak the same way: %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(new Error(`Invalid configuration: ${message}`));
  });

  test('ENQUIRY_RATE_LIMIT: enquiries per IP per hour, a whole number of at least 1', () => {
    expect(parseConfig({ ENQUIRY_RATE_LIMIT: '25' }).enquiries.rateLimit).toBe(25);
    expect(() => parseConfig({ ENQUIRY_RATE_LIMIT: '0' })).toThrow(
      'Invalid configuration: ENQUIRY_RATE_LIMIT must be a whole number from 1 to 1000000 (got "0")',
    );
  });

  test('TRUST_PROXY: loopback by default, a hop count, or names, addresses and CIDR ranges; anything else stops', () => {
    expect(parseConfig({}).trustProxy).toEqual(['loopback']);
    expect(parseConfig({ TRUST_PROXY: ' ' }).trustProxy).toEqual(['loopback']);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.7 ,loopback, 2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'loopback',
      '2001:db8::/32',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', '2001:db8::/129', '10.0.0', 'example.com', '1.2.3.4/8/1', '-1']) {
      expect(() => parseConfig({ TRUST_PROXY: bad })).toThrow(
        `Invalid configuration: TRUST_PROXY must be a hop count (such as 1), loopback, or addresses and CIDR ranges separated by commas (such as 10.0.0.0/8, 192.0.2.7) (got ${JSON.stringify(bad)})`,
      );
    }
  });

  test('DATABASE_URL needs FORM_SECRET (at least 32 characters); neither is ever echoed', () => {
    const secret = 'x'.repeat(32);
    const url = 'postgres://studio:pa55word@db.example.com:5432/studio';
    expect(parseConfig({ DATABASE_URL: url, FORM_SECRET: secret }).enquiries).toMatchObject({
      databaseUrl: url,
      formSecret: secret,
    });
    expect(parseConfig({}).enquiries).toMatchObject({ databaseUrl: undefined, formSecret: undefined });
    expect(() => parseConfig({ DATABASE_URL: url })).toThrow(
      /^Invalid configuration: FORM_SECRET must be set when DATABASE_URL is/,
    );
    expect(() => parseConfig({ DATABASE_URL: url, FORM_SECRET: 'short-pa55word' })).toThrow(
      'Invalid configuration: FORM_SECRET must be at least 32 characters (e.g. the output of: openssl rand -hex 32) (value not shown)',
    );
    for (const bad of ['mysql://u:pa55word@h/db', 'not a url pa55word']) {
      const error = (() => {
        try {
          parseConfig({ DATABASE_URL: bad, FORM_SECRET: secret });
        } catch (caught) {
          return caught as Error;
        }
      })();
      expect(error?.message).toBe(
        'Invalid configuration: DATABASE_URL must look like postgres://user:password@db.example.com:5432/studio (value not shown)',
      );
    }
  });

  test('ENQUIRY_RETENTION_DAYS: how long enquiries are kept, for the privacy page too; 730 days unless set', () => {
    expect(parseConfig({}).public.enquiryRetentionDays).toBe(730);
    expect(parseConfig({ ENQUIRY_RETENTION_DAYS: '365' }).public.enquiryRetentionDays).toBe(365);
    for (const value of ['0', '36501', '1.5', 'two years'])
      expect(() => parseConfig({ ENQUIRY_RETENTION_DAYS: value })).toThrow(
        new Error(
          `Invalid configuration: ENQUIRY_RETENTION_DAYS must be a whole number from 1 to 36500 (got "${value}")`,
        ),
      );
  });

  test('a bad SMTP_URL is named without echoing its password', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://user:secret@mail.example.com' })).toThrow(
      /^Invalid configuration: SMTP_URL must look like smtp:\/\/user:pass@mail\.example\.com:587 \(value not shown\)$/,
    );
  });

  test('BOOKING_URL: an https:// scheduling page, offered after an enquiry; anything else stops the start', () => {
    expect(parseConfig({}).public.bookingUrl).toBeUndefined();
    expect(parseConfig({ BOOKING_URL: ' ' }).public.bookingUrl).toBeUndefined();
    expect(parseConfig({ BOOKING_URL: 'https://cal.com/studio/consult' }).public.bookingUrl).toBe(
      'https://cal.com/studio/consult',
    );
    for (const bad of ['http://cal.com/studio', 'javascript:alert(1)', 'cal.com/studio', '/book']) {
      expect(() => parseConfig({ BOOKING_URL: bad })).toThrow(
        new Error(
          `Invalid configuration: BOOKING_URL must be an https:// URL such as https://cal.com/studio/consult (got ${JSON.stringify(bad)})`,
        ),
      );
    }
  });

  test('ALERT_WEBHOOK_URL: an http(s) URL, never echoed (its path is its secret); DELIVERY_ALERT_MINUTES: 15 unless set', () => {
    const hook = 'https://hooks.slack.com/services/T000/B000/s3cr3t';
    expect(parseConfig({ ALERT_WEBHOOK_URL: hook }).enquiries).toMatchObject({
      alertWebhookUrl: hook,
      deliveryAlertMs: 15 * 60_000,
    });
    expect(parseConfig({ DELIVERY_ALERT_MINUTES: '5' }).enquiries.deliveryAlertMs).toBe(5 * 60_000);
    expect(() => parseConfig({ ALERT_WEBHOOK_URL: 'ftp://hooks.example/s3cr3t' })).toThrow(
      new Error(
        'Invalid configuration: ALERT_WEBHOOK_URL must be an absolute http(s) URL such as https://hooks.slack.com/services/… (value not shown)',
      ),
    );
    for (const value of ['0', '1.5', 'soon'])
      expect(() => parseConfig({ DELIVERY_ALERT_MINUTES: value })).toThrow(
        new Error(
          `Invalid configuration: DELIVERY_ALERT_MINUTES must be a whole number from 1 to 10080 (got "${value}")`,
        ),
      );
  });
});

describe('no lead sits unseen: production warns, and still starts', () => {
  /** The launched studio's settings with `env` on top, less those `unset` names. */
  const warnings = (env: Record<string, string>, unset: string[] = []) => {
    const settings: Record<string, string> = { ...launched, NODE_ENV: 'production', ...env };
    for (const name of unset) delete settings[name];
    return parseConfig(settings).warnings;
  };
  const noChannel = { SMTP_URL: '' };

  test('a launched studio has no warning', () => {
    expect(warnings({})).toEqual([]);
  });

  test('no SMTP_URL, no HubSpot ids, no ALERT_WEBHOOK_URL: enquiries reach no person', () => {
    expect(warnings(noChannel)).toEqual([
      'No channel reaches a person: enquiries are only stored on this server. Set SMTP_URL (each enquiry emailed), HUBSPOT_PORTAL_ID and HUBSPOT_FORM_ID (sent to HubSpot) or ALERT_WEBHOOK_URL',
      newsletterHiddenWarning,
    ]);
  });

  test('without SMTP_URL or HubSpot newsletter form the newsletter sign-up is hidden, and a warning says why', () => {
    expect(warnings(noChannel)).toContain(newsletterHiddenWarning);
    expect(parseConfig({ ...launched, ...noChannel }).public.newsletterSignup).toBe(false);
    const hubspot = {
      ...noChannel,
      HUBSPOT_PORTAL_ID: '12345678',
      HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789',
      HUBSPOT_NEWSLETTER_FORM_ID: '9f8e7d6c-5b4a-3210',
    };
    expect(warnings(hubspot)).not.toContain(newsletterHiddenWarning);
    expect(parseConfig({ ...launched, ...hubspot }).newsletter.confirmation).toBe('hubspot');
    expect(parseConfig(launched).newsletter.confirmation).toBe('email');
  });

  test('HUBSPOT_NEWSLETTER_FORM_ID without HUBSPOT_PORTAL_ID stops the start', () => {
    expect(() => parseConfig({ HUBSPOT_NEWSLETTER_FORM_ID: '0a1b2c3d-4e5f-6789' })).toThrow(
      /HUBSPOT_NEWSLETTER_FORM_ID is set but HUBSPOT_PORTAL_ID is not/,
    );
  });

  test.each([
    ['SMTP_URL', { SMTP_URL: 'smtp://studio:pa55word@mail.example.com:587' }],
    ['the HubSpot ids', { ...noChannel, HUBSPOT_PORTAL_ID: '12345678', HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789' }],
    ['ALERT_WEBHOOK_URL', { ...noChannel, ALERT_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/s3cr3t' }],
  ])('%s alone reaches a person', (_name, env) => {
    expect(warnings(env).filter((warning) => warning !== newsletterHiddenWarning)).toEqual([]);
  });

  test('CONTACT_PHONE and CONTACT_EMAIL at their defaults: one warning each, naming the setting', () => {
    expect(warnings({}, ['CONTACT_PHONE', 'CONTACT_EMAIL'])).toEqual([
      "CONTACT_PHONE is the placeholder (02) 4929 7150: every page shows it until it is set to the studio's number",
      "CONTACT_EMAIL is the placeholder hello@newcastlemarketing.studio: every page shows it until it is set to the studio's address, and enquiry emails are sent to it (set CONTACT_EMAIL, or NOTIFY_EMAIL)",
    ]);
    expect(warnings({ NOTIFY_EMAIL: 'leads@studio.example' }, ['CONTACT_EMAIL'])).toEqual([
      "CONTACT_EMAIL is the placeholder hello@newcastlemarketing.studio: every page shows it until it is set to the studio's address",
    ]);
  });

  test('the warnings name settings, never a host or a secret (they are public in /healthz)', () => {
    const text = warnings(noChannel, ['CONTACT_PHONE', 'CONTACT_EMAIL']).join('\n');
    expect(text).not.toMatch(/pa55word|mail\.example\.com|s3cr3t/);
  });

  test('development says nothing: the warnings are for a site that serves visitors', () => {
    expect(parseConfig({}).warnings).toEqual([]);
  });
});
