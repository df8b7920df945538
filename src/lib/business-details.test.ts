import { describe, expect, test } from 'vitest';
import { formatAbn, formatAddress, formatHours } from './business-details.ts';

describe('business details as the footer writes them', () => {
  test('an ABN in the ATO’s groups, however it was spaced', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn('518 247 535 56')).toBe('51 824 753 556');
  });

  test('a street address on one line', () => {
    expect(
      formatAddress({ street: 'Level 2, 45 Hunter Street', suburb: 'Newcastle', state: 'NSW', postcode: '2300' }),
    ).toBe('Level 2, 45 Hunter Street, Newcastle NSW 2300');
  });

  test('hours: three or more days in a row as a range, times on a 12-hour clock', () => {
    expect(
      formatHours({ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:30' }),
    ).toBe('Mon–Fri 9 am–5:30 pm');
    expect(formatHours({ days: ['Sunday', 'Saturday'], opens: '08:00', closes: '12:00' })).toBe('Sat, Sun 8 am–12 pm');
    expect(formatHours({ days: ['Monday', 'Wednesday', 'Friday'], opens: '00:30', closes: '23:00' })).toBe(
      'Mon, Wed, Fri 12:30 am–11 pm',
    );
  });
});
