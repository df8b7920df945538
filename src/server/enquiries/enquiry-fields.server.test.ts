import { parse } from 'csv-parse/sync';
import { describe, expect, expectTypeOf, test, vi } from 'vitest';
import { z } from 'zod';
import type { EnquiryFieldTable, EnquiryFieldsOf } from '../../content/enquiry-form.ts';
import { parseConfig } from '../config.server.ts';
import { testSiteUrl } from '../../../test-support/server.ts';
import { enquiriesCsv, enquiryJson } from './commands.server.ts';
import { notificationEmail } from './email.server.ts';
import { inputShape, storedShape } from './enquiry-fields.server.ts';
import { newStoredEnquiry, type StoredEnquiry, type StoredFieldsOf } from './enquiry.ts';
import { addedBySite, typedByVisitor, hubspotSubmission } from './hubspot.server.ts';
import { newEnquiry } from '../../../test-support/enquiries.ts';

/** One more field, as a developer would add it to the form: one entry in the table. */
const website = vi.hoisted(() => {
  let hubspot: string | null = 'website';
  return {
    field: {
      name: 'website',
      label: 'Your website (optional)',
      staffLabel: 'Website',
      input: 'text',
      autoComplete: 'url',
      required: false,
      maxLength: 200,
      lines: 'one',
      get hubspot() {
        return hubspot;
      },
      messages: { tooLong: 'Your website must be 200 characters or fewer' },
    } as const,
    /** The HubSpot form's field it goes to, or null for a line of the message. */
    sendToHubspotAs(name: string | null) {
      hubspot = name;
    },
  };
});

type EnquiryForm = typeof import('../../content/enquiry-form.ts');

// The site's table, with the field added, for every module that reads it (the commands, HubSpot, the email).
vi.mock('../../content/enquiry-form.ts', async (importOriginal) => {
  const original = await importOriginal<EnquiryForm>();
  return { ...original, enquiryFieldTable: [...original.enquiryFieldTable, website.field] };
});

const siteTable = (await vi.importActual<EnquiryForm>('../../content/enquiry-form.ts')).enquiryFieldTable;
const withWebsite = [...siteTable, website.field] as const satisfies EnquiryFieldTable;

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

  test('made required later, it is required of a post but stays optional in the stored type (rows, files)', () => {
    const madeRequired = [...siteTable, { ...website.field, required: true }] as const satisfies EnquiryFieldTable;
    expectTypeOf<EnquiryFieldsOf<typeof madeRequired>['website']>().toEqualTypeOf<string>();
    expectTypeOf<StoredFieldsOf<typeof madeRequired>['website']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<StoredFieldsOf<typeof madeRequired>['firstname']>().toEqualTypeOf<string>();
    const stored = storedWithWebsite('');
    delete (stored as Partial<typeof stored>).website;
    expect(z.object(storedShape(madeRequired)).safeParse(stored).success).toBe(true);
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
    expect(z.object(storedShape(siteTable)).parse(stored)).not.toHaveProperty('website');
  });

  test('is a key of list --json and a column of the CSV, after the typed fields and before the package', () => {
    const stored = storedWithWebsite('studio.example');
    const keys = Object.keys(enquiryJson(stored));
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
    const [header, row] = parse(enquiriesCsv([stored]), { bom: true }) as [string[], string[]];
    expect(header.slice(0, 12).join(',')).toBe(
      'id,receivedAt,firstname,lastname,email,phone,company,message,website,plan,planTitle,pageUri',
    );
    expect(row[header.indexOf('website')]).toBe('studio.example');
  });

  test('is a field of the HubSpot submission and a line of the staff email', () => {
    const stored = storedWithWebsite('studio.example');
    const { fields } = hubspotSubmission(stored, { siteUrl: testSiteUrl, utmFields: false });
    expect(fields.map((field) => field.name)).toEqual(['firstname', 'lastname', 'email', 'message', 'website']);
    expect(fields.at(-1)).toEqual({ name: 'website', value: 'studio.example' });
    expect(notificationEmail(stored, config).text).toContain('Package: Growth Partner\nWebsite: studio.example\nPage:');
  });

  test('without a HubSpot field of its own, it goes to HubSpot as a line of the message, like the package', () => {
    website.sendToHubspotAs(null);
    try {
      const stored = storedWithWebsite('studio.example');
      const { fields } = hubspotSubmission(stored, { siteUrl: testSiteUrl, utmFields: false });
      expect(fields.map((field) => field.name)).not.toContain('website');
      expect(fields.find((field) => field.name === 'message')?.value).toBe(
        `${addedBySite}\nPackage: Growth Partner\nWebsite: studio.example\n\n${typedByVisitor}\nHello`,
      );
    } finally {
      website.sendToHubspotAs('website');
    }
  });
});
