/**
 * For tests: the markup from `start` up to the end of the element `start` opens, found by counting `tag`'s opening
 * and closing tags; '' when `start` is not in `html`.
 */
export function element(html: string, start: string, tag: string): string {
  const from = html.indexOf(start);
  if (from < 0) return '';
  let depth = 0;
  const pattern = new RegExp(`<${tag}\\b|</${tag}>`, 'g');
  pattern.lastIndex = from;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(from, match.index + match[0].length);
  }
  return html.slice(from);
}

/** For tests: markup's text as a reader sees it, tags and React's text separators gone, spaces collapsed. */
export const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** For tests: each `<figure>` in the markup (testimonials are figures). */
export const figures = (html: string) => [...html.matchAll(/<figure\b[\s\S]*?<\/figure>/g)].map((match) => match[0]);
