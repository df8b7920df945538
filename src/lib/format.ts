// One time zone for server and browser, so that a date never renders differently on each side of hydration.
const dateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Sydney' });
// Formatting is a tenth of a millisecond; a blog has a few hundred dates at most.
const formattedDates = new Map<string, string>();

export function formatDate(iso: string): string {
  let formatted = formattedDates.get(iso);
  if (formatted === undefined) formattedDates.set(iso, (formatted = dateFormat.format(new Date(iso))));
  return formatted;
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
