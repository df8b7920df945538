// Dates are written as Newcastle reads them ("5 March 2025"), the same on both sides of hydration. This is done by
// hand, not with Intl.DateTimeFormat: the browser's first formatter costs 15–35 ms of main thread. format.test.ts
// checks every hour of 2008–2037 against ICU's Australia/Sydney. Why: docs/decisions/dates-without-intl.md
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const hour = 3_600_000;

// New South Wales keeps daylight time (UTC+11) from the first Sunday of October to the first Sunday of April; both
// changes happen at 16:00 UTC on the Saturday before (2 am standard time, 3 am daylight time).
function firstSundayChange(year: number, month: number): number {
  const weekdayOfFirst = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - weekdayOfFirst) % 7);
  return Date.UTC(year, month, firstSunday - 1, 16);
}

function newcastleOffset(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  const daylight = instant < firstSundayChange(year, 3) || instant >= firstSundayChange(year, 9);
  return (daylight ? 11 : 10) * hour;
}

export function formatDate(iso: string): string {
  const instant = Date.parse(iso);
  const local = new Date(instant + newcastleOffset(instant));
  return `${local.getUTCDate()} ${months[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

const wordsPerMinute = 230;
// Counted once per post: the server keeps each post's object while the store is unchanged.
const minutesByPost = new WeakMap<{ html: string }, number>();

export function readingMinutes(post: { html: string }): number {
  let minutes = minutesByPost.get(post);
  if (minutes === undefined) {
    const words = post.html
      .replace(/<[^>]*>/g, ' ')
      .split(/\s+/)
      .filter(Boolean).length;
    minutesByPost.set(post, (minutes = Math.max(1, Math.round(words / wordsPerMinute))));
  }
  return minutes;
}
