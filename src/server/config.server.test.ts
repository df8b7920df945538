import { describe, expect, test } from 'vitest';
import { parseConfig } from './config.server.ts';

describe('parseConfig', () => {
  test('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataFile: 'data/db.json', renderCache: true });
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
    [{ HUBSPOT_API_URL: 'hsforms' }, /^Invalid configuration: HUBSPOT_API_URL /],
    [{ NOTIFY_EMAIL: 'studio' }, /^Invalid configuration: NOTIFY_EMAIL /],
  ])('a bad value stops with one clear line: %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  test('enquiries: stored in data/, sent to HubSpot, emailed to CONTACT_EMAIL unless NOTIFY_EMAIL is set', () => {
    expect(parseConfig({ CONTACT_EMAIL: 'studio@example.com' }).enquiries).toEqual({
      file: 'data/enquiries.json',
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
    expect(config.enquiries).toEqual({
      file: '/var/lib/studio/enquiries.json',
      hubspotApiUrl: 'http://127.0.0.1:4010',
      smtpUrl: 'smtp://user:pass@127.0.0.1:2525',
      notifyEmail: 'leads@example.com',
      rateLimit: 10,
    });
  });

  test('ENQUIRY_RATE_LIMIT: enquiries per IP per hour, a whole number of at least 1', () => {
    expect(parseConfig({ ENQUIRY_RATE_LIMIT: '25' }).enquiries.rateLimit).toBe(25);
    expect(() => parseConfig({ ENQUIRY_RATE_LIMIT: '0' })).toThrow(
      'Invalid configuration: ENQUIRY_RATE_LIMIT must be a whole number from 1 to 1000000 (got "0")',
    );
  });

  test('a bad SMTP_URL is named without echoing its password', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://user:secret@mail.example.com' })).toThrow(
      /^Invalid configuration: SMTP_URL must look like smtp:\/\/user:pass@mail\.example\.com:587 \(value not shown\)$/,
    );
  });
});
