/**
 * The people posts are written by. A post's `author` in the store is one of these usernames: the content command
 * refuses any other, and the post page shows the name. Add a writer here before publishing their first post.
 */
export interface Author {
  username: string;
  name: string;
}

export const authors: readonly Author[] = [
  { username: 'studio-team', name: 'Studio Team' },
  { username: 'sarah-mitchell', name: 'Sarah Mitchell' },
  { username: 'james-nguyen', name: 'James Nguyen' },
];

/** The author of a post whose front matter names none. */
export const defaultAuthor = 'studio-team';

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
