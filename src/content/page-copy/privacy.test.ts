import { expect, test } from 'vitest';
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
