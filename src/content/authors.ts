/**
 * The people posts are written by. A post's `author` in the store is one of these usernames: the content command
 * refuses any other, and the post page shows the name. Add a writer here before publishing their first post.
 */
export interface Author {
  username: string;
  name: string;
  /** `true` when the byline is the studio writing as itself, not a person: search engines are told so. */
  organization?: true;
}

export const authors: readonly Author[] = [
  { username: 'studio-team', name: 'Studio Team', organization: true },
  { username: 'sarah-mitchell', name: 'Sarah Mitchell' },
  { username: 'james-nguyen', name: 'James Nguyen' },
];

/** The author of a post whose front matter names none. */
export const defaultAuthor = 'studio-team';

/** Whether the byline is the studio itself rather than a person. */
export function isOrganizationAuthor(username: string): boolean {
  return authors.some((author) => author.username === username && author.organization);
}

/** The name shown for a username; one not listed (an older store) is spelled out from its words. */
export function authorName(username: string): string {
  return (
    authors.find((author) => author.username === username)?.name ??
    username
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}
