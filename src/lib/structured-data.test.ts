import { describe, expect, test } from 'vitest';
import { businessDetails, type BusinessDetails } from '../content/business.ts';
import { parseConfig } from '../server/config.server.ts';
import { studioSchema } from './structured-data.ts';
import { businessDetails as filledIn } from '../../test-support/fixture-content/business.ts';

const config = parseConfig({ SITE_URL: 'https://studio.example' }).public;

// Written as people write it: the structured data carries the digits alone.
const everyDetail: BusinessDetails = { ...filledIn, abn: '51 824 753 556' };

/** The fields that come from the business details file. */
const detailFields = ['legalName', 'taxID', 'address', 'areaServed', 'openingHoursSpecification', 'sameAs'];

describe('the studio’s structured data (ProfessionalService)', () => {
  test('carries every business detail that is set', () => {
    const studio = studioSchema(config, everyDetail) as unknown as Record<string, unknown>;
    expect(studio).toMatchObject({
      '@type': 'ProfessionalService',
      name: 'Newcastle Marketing Studio',
      legalName: 'Harbour Marketing Pty Ltd',
      taxID: '51824753556',
      telephone: config.contactPhone,
      email: config.contactEmail,
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Level 2, 45 Hunter Street',
        addressLocality: 'Newcastle',
        addressRegion: 'NSW',
        postalCode: '2300',
        addressCountry: 'AU',
      },
      areaServed: { '@type': 'Place', name: 'Newcastle and Lake Macquarie, NSW' },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '17:00',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '12:00' },
      ],
      sameAs: ['https://www.instagram.com/harbourmarketing', 'https://www.facebook.com/harbourmarketing'],
    });
  });

  test('without business details it names none of them, and keeps the name, phone, email and offers', () => {
    const studio = studioSchema(config, {}) as unknown as Record<string, unknown>;
    for (const field of detailFields) expect(studio, field).not.toHaveProperty(field);
    expect(studio).toMatchObject({ name: 'Newcastle Marketing Studio', url: 'https://studio.example' });
    expect(studio.telephone).toBe(config.contactPhone);
    expect(studio.email).toBe(config.contactEmail);
    expect(studio.makesOffer).toHaveLength(6);
  });

  test('with the seeded details: Newcastle, NSW as the area served, and nothing invented', () => {
    const studio = studioSchema(config, businessDetails) as unknown as Record<string, unknown>;
    expect(studio.areaServed).toEqual({ '@type': 'Place', name: 'Newcastle, NSW' });
    expect(detailFields.filter((field) => field in studio)).toEqual(['areaServed']);
  });
});
