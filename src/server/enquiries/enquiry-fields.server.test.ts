import { parse } from 'csv-parse/sync';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { enquiryFieldTable, type EnquiryFieldTable, type EnquiryFieldsOf } from '../../content/enquiry-form.ts';
import { parseConfig } from '../config.server.ts';
import { testSiteUrl } from '../test-helpers.ts';
import { enquiriesCsv, enquiriesCsvFrom, enquiryJsonFrom } from './commands.server.ts';
import { notificationEmailFrom } from './email.server.ts';
import { inputShape, storedShape } from './enquiry-fields.server.ts';
import { newStoredEnquiry, type StoredEnquiry } from './enquiry.ts';
import { hubspotSubmissionFrom } from './hubspot.server.ts';
import { newEnquiry } from './test-fixtures.ts';

/** The site's form with one more field, as a developer would add it: one entry. */
const withWebsite = [
  ...enquiryFieldTable,
  {
    name: 'website',
    label: 'Your website (optional)',
    staffLabel: 'Website',
    input: 'text',
    autoComplete: 'url',
    required: false,
    maxLength: 200,
    lines: 'one',
    hubspot: 'website',
    messages: { tooLong: 'Your website must be 200 characters or fewer' },
  },
] as const satisfies EnquiryFieldTable;

const config = parseConfig({ SITE_URL: testSiteUrl, NOTIFY_EMAIL: 'leads@studio.example' });

function storedWithWebsite(website: string): StoredEnquiry & { website: string } {
  const stored = newStoredEnquiry(newEnquiry({ message: 'Hello' }), { hubspot: true, email: true });
  return { ...stored, website };
}

describe('a field added to the table', () => {
  test('is in the stored type, optional like its entry says', () => {
    expectTypeOf<EnquiryFieldsOf<typeof withWebsite>>().toHaveProperty('website');
    expectTypeOf<EnquiryFieldsOf<typeof withWebsite>['website']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<EnquiryFieldsOf<typeof withWebsite>['firstname']>().toEqualTypeOf<string>();
  });

  test('is validated and cleaned to one line, with its own message past its limit', () => {
    const schema = z.object(inputShape(withWebsite));
    const post = { firstname: 'Ada', email: 'ada@example.com' };
    expect(schema.parse({ ...post, website: ' studio\n.example\u202e ' })).toMatchObject({
      website: 'studio .example',
    });
    expect(schema.parse({ ...post, website: '  ' }).website).toBeUndefined();
    const tooLong = schema.safeParse({ ...post, website: 'w'.repeat(201) });
    expect(tooLong.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['website'], 'Your website must be 200 characters or fewer'],
    ]);
  });

  test('is kept when a stored enquiry is read back, where the site table would drop it', () => {
    const stored = storedWithWebsite('studio.example');
    expect(z.object(storedShape(withWebsite)).parse(stored)).toMatchObject({ website: 'studio.example' });
    expect(z.object(storedShape(enquiryFieldTable)).parse(stored)).not.toHaveProperty('website');
  });

  test('is a key of list --json and a column of the CSV, after the typed fields and before the package', () => {
    const stored = storedWithWebsite('studio.example');
    const keys = Object.keys(enquiryJsonFrom(withWebsite, stored));
    expect(keys.slice(0, 11)).toEqual([
      'id',
      'receivedAt',
      'firstname',
      'lastname',
      'email',
      'phone',
      'company',
      'message',
      'website',
      'plan',
      'pageUri',
    ]);
    const [header, row] = parse(enquiriesCsvFrom(withWebsite, [stored]), { bom: true }) as [string[], string[]];
    expect(header.slice(0, 12).join(',')).toBe(
      'id,receivedAt,firstname,lastname,email,phone,company,message,website,plan,planTitle,pageUri',
    );
    expect(row[header.indexOf('website')]).toBe('studio.example');
  });

  test('is a field of the HubSpot submission and a line of the staff email', () => {
    const stored = storedWithWebsite('studio.example');
    const { fields } = hubspotSubmissionFrom(withWebsite, stored, { siteUrl: testSiteUrl, utmFields: false });
    expect(fields.map((field) => field.name)).toEqual(['firstname', 'lastname', 'email', 'message', 'website']);
    expect(fields.at(-1)).toEqual({ name: 'website', value: 'studio.example' });
    expect(notificationEmailFrom(withWebsite, stored, config).text).toContain(
      'Package: Growth Partner\nWebsite: studio.example\nPage:',
    );
  });

  test('without a HubSpot field of its own, it goes to HubSpot as a line of the message, like the package', () => {
    const unmapped = withWebsite.map((field) => (field.name === 'website' ? { ...field, hubspot: null } : field));
    const stored = storedWithWebsite('studio.example');
    const { fields } = hubspotSubmissionFrom(unmapped, stored, { siteUrl: testSiteUrl, utmFields: false });
    expect(fields.find((field) => field.name === 'message')?.value).toBe(
      'Hello\n\nPackage: Growth Partner\n\nWebsite: studio.example',
    );
  });
});

test("the site's own table gives the CSV columns operators' spreadsheets expect", () => {
  const header = enquiriesCsv([])
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0];
  expect(header?.split(',').slice(0, 13).join(',')).toBe(
    'id,receivedAt,firstname,lastname,email,phone,company,message,plan,planTitle,pageUri,pageName,hutk',
  );
});
