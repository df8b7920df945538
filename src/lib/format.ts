// One time zone for server and browser, so that a date never renders differently on each side of hydration.
const dateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Sydney' });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const wordsPerMinute = 230;

export function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / wordsPerMinute));
}
