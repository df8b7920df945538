import { expect, test } from 'vitest';
import { attributionDays } from '../attribution.ts';
import { privacySections, retentionPeriod } from './privacy.ts';

test('the retention period reads as a person says it: whole years in words, otherwise days', () => {
  expect(retentionPeriod(730)).toBe('two years');
  expect(retentionPeriod(365)).toBe('one year');
  expect(retentionPeriod(3650)).toBe('ten years');
  expect(retentionPeriod(36500)).toBe('100 years');
  expect(retentionPeriod(90)).toBe('90 days');
  expect(retentionPeriod(731)).toBe('731 days');
  expect(retentionPeriod(1)).toBe('1 day');
});

test('with the default retention the policy keeps its sentence; another period is stated in its place', () => {
  const sentence = (days: number) =>
    privacySections(days)
      .flatMap((section) => section.paragraphs)
      .find((paragraph) => paragraph.startsWith('We keep an enquiry'));
  expect(sentence(730)).toBe(
    'We keep an enquiry for as long as we need it to work with you, and delete enquiries that did not lead to work within two years.',
  );
  expect(sentence(180)).toBe(
    'We keep an enquiry for as long as we need it to work with you, and delete enquiries that did not lead to work within 180 days.',
  );
});

test('with a scheduling service that takes them, the policy says the booking link carries the name and email', () => {
  const booking = (bookingUrl?: string) =>
    privacySections(730, { bookingUrl }).find((section) => section.heading === 'Booking a time')?.paragraphs ?? [];
  expect(booking()).toEqual([]);
  for (const [url, service] of [
    ['https://cal.com/studio/consult', 'Cal.com'],
    ['https://calendly.com/studio/15min', 'Calendly'],
    ['https://meetings.hubspot.com/studio', 'HubSpot Meetings'],
  ]) {
    expect(booking(url)[1]).toMatch(
      new RegExp(
        `^The link we offer after you send an enquiry carries the name and email address you have just given us, so that ${service}'s booking form starts filled in`,
      ),
    );
  }
  const other = booking('https://book.example.com/consult');
  expect(other).toHaveLength(1);
  expect(other[0]).toContain('our booking page on book.example.com (book.example.com)');
});

test('the policy says the form’s draft stays in the tab, is never sent, and goes once the enquiry is received', () => {
  const text = privacySections(730)
    .flatMap((section) => section.paragraphs)
    .join('\n');
  expect(text).toMatch(/kept in your browser for that tab only \(its session storage\)/);
  expect(text).toMatch(/never sent anywhere until you send the form/);
  expect(text).toMatch(/deleted once we have received your enquiry/);
});

test('the policy says what the visit note keeps, for how long, and that it leaves the browser only with an enquiry', () => {
  const text = privacySections(730)
    .flatMap((section) => section.paragraphs)
    .join('\n');
  expect(text).toContain(`covers ${attributionDays} days from your first visit`);
  expect(text).toMatch(/leaves your browser only with an enquiry you send through our form/);
  for (const kept of ['the page you first arrived on', 'utm_source', 'the website that linked to us', 'gclid'])
    expect(text.toLowerCase(), `what the note keeps: ${kept}`).toContain(kept);
});

test('the policy names email and HubSpot only when they are configured', () => {
  const text = (channels: Parameters<typeof privacySections>[1]) =>
    privacySections(730, channels)
      .flatMap((section) => section.paragraphs)
      .join('\n');
  const neither = text({});
  expect(neither).toContain('so that none is lost.');
  expect(neither).not.toMatch(/emailed|HubSpot/);
  expect(text({ emailed: true })).toContain('so that none is lost, and emailed to our team.');
  expect(text({ emailed: true })).not.toContain('HubSpot');
  const hubspot = text({ hubspot: true });
  expect(hubspot).toContain('We use HubSpot');
  expect(hubspot).toContain('on our server and in HubSpot.');
  expect(hubspot).not.toContain('emailed');
});

test('the policy says what the newsletter keeps, why, for how long and how to leave, only where it is offered', () => {
  const text = (newsletter: false | 'email' | 'hubspot') =>
    privacySections(730, { newsletter })
      .flatMap((section) => section.paragraphs)
      .join('\n');
  expect(text(false)).not.toMatch(/newsletter/i);
  const offered = text('email');
  expect(offered).toContain('we keep your email address, your first name if you give it');
  expect(offered).toContain('only to send you the newsletter');
  expect(offered).toContain('your address is deleted after those 48 hours');
  expect(offered).toContain('for as long as you stay subscribed');
  expect(offered).toContain('one click removes your address');

  // Where HubSpot's own double opt-in confirms it, the site emails no link and hands the address on at once.
  const byHubSpot = text('hubspot');
  expect(byHubSpot).not.toContain('we email you a link');
  expect(byHubSpot).toContain('we pass your address and first name to HubSpot');
  expect(byHubSpot).toContain('one click removes your address');
});
