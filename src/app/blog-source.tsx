import { createContext, use } from 'react';
import type { BlogSource } from '../lib/blog-types.ts';

/** The store the blog's pages read, through the request's query cache: given by the server's render. */
export const BlogSourceContext = createContext<BlogSource | null>(null);

export function useBlogSource(): BlogSource {
  const source = use(BlogSourceContext);
  if (!source) throw new Error('A blog page was rendered without the store: only the server renders pages');
  return source;
}
