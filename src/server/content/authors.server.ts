import { authors } from '../../content/authors.ts';

/** Undefined when the username is one of src/content/authors.ts, else the message that lists the known ones. */
export function unknownAuthor(username: string): string | undefined {
  if (authors.some((author) => author.username === username)) return undefined;
  const known = authors.map((author) => author.username).join(', ');
  return `unknown author "${username}" (known: ${known}; a new writer is added in src/content/authors.ts)`;
}
