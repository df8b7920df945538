const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text made safe to write into HTML: in an element, or in an attribute in double quotes (the only quotes the
 * site's HTML uses). Single quotes stay as they are, as markdown-it leaves them in the rest of a post.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => entities[c] ?? c);
}
