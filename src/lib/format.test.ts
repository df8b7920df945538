import { describe, expect, test } from 'vitest';
import { formatDate, readingMinutes } from './format.ts';

describe('formatDate', () => {
  test('writes the date as Newcastle sees it, in Australian English', () => {
    expect(formatDate('2025-03-05T09:00:00+11:00')).toBe('5 March 2025');
    // 10 pm in UTC on the 4th is the morning of the 5th in Newcastle.
    expect(formatDate('2025-03-04T22:00:00Z')).toBe('5 March 2025');
  });

  test('follows daylight saving', () => {
    // 13:30 UTC is half past midnight the next day in summer (UTC+11), half past eleven the same day in winter (UTC+10).
    expect(formatDate('2025-01-10T13:30:00Z')).toBe('11 January 2025');
    expect(formatDate('2025-07-10T13:30:00Z')).toBe('10 July 2025');
  });
});

describe('readingMinutes', () => {
  const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');

  test('counts the words of the body, not its tags, at 230 a minute', () => {
    expect(readingMinutes({ html: `<p>${words(460)}</p>` })).toBe(2);
    expect(readingMinutes({ html: `<h2 class="x">${words(230)}</h2><ul><li>${words(460)}</li></ul>` })).toBe(3);
  });

  test('is never less than a minute', () => {
    expect(readingMinutes({ html: '<p>Short.</p>' })).toBe(1);
    expect(readingMinutes({ html: '' })).toBe(1);
  });

  test('gives each post its own count', () => {
    const short = { html: `<p>${words(100)}</p>` };
    const long = { html: `<p>${words(2300)}</p>` };
    expect(readingMinutes(short)).toBe(1);
    expect(readingMinutes(long)).toBe(10);
    expect(readingMinutes(short)).toBe(1);
  });
});
