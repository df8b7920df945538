import { describe, expect, test } from 'vitest';
import { bookingHref } from './booking-link.ts';

const jane = { firstname: 'Jane', lastname: 'Citizen', email: 'jane+cafe@example.com' };

describe('the booking link after an enquiry', () => {
  test('HubSpot Meetings takes firstname, lastname and email', () => {
    expect(bookingHref('https://meetings.hubspot.com/studio/consult', jane)).toBe(
      'https://meetings.hubspot.com/studio/consult?firstname=Jane&lastname=Citizen&email=jane%2Bcafe%40example.com',
    );
    expect(bookingHref('https://meetings-ap1.hubspot.com/studio', jane)).toContain('?firstname=Jane&');
  });

  test('Cal.com takes the whole name and the email', () => {
    expect(bookingHref('https://cal.com/newcastle-studio/free-consult', jane)).toBe(
      'https://cal.com/newcastle-studio/free-consult?name=Jane+Citizen&email=jane%2Bcafe%40example.com',
    );
  });

  test('Calendly takes the whole name, the first and last names and the email', () => {
    expect(bookingHref('https://calendly.com/studio/15min', jane)).toBe(
      'https://calendly.com/studio/15min?name=Jane+Citizen&first_name=Jane&last_name=Citizen&email=jane%2Bcafe%40example.com',
    );
  });

  test('a name without a last name, and the link’s own parameters, are kept as they are', () => {
    expect(
      bookingHref('https://calendly.com/studio/15min?month=2025-07', { firstname: 'Jane', email: 'j@example.com' }),
    ).toBe('https://calendly.com/studio/15min?month=2025-07&name=Jane&first_name=Jane&email=j%40example.com');
  });

  test('any other booking page, or no contact yet, gets BOOKING_URL as it is', () => {
    for (const url of ['https://book.example.com/consult', 'https://studio.acuityscheduling.com/schedule.php'])
      expect(bookingHref(url, jane)).toBe(url);
    expect(bookingHref('https://cal.com/newcastle-studio/free-consult')).toBe(
      'https://cal.com/newcastle-studio/free-consult',
    );
  });
});
