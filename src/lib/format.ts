// Dates as Newcastle reads them ("5 March 2025"), in Sydney's time with its daylight saving. Only the server writes
// dates: no island shows one.
const newcastleDate = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Sydney' });

export function formatDate(iso: string): string {
  return newcastleDate.format(Date.parse(iso));
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
