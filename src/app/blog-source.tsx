import { createContext, useContext } from 'react';
import { httpBlogSource } from '../lib/api.ts';
import type { BlogSource } from '../lib/blog-types.ts';

export const BlogSourceContext = createContext<BlogSource>(httpBlogSource);

export function useBlogSource(): BlogSource {
  return useContext(BlogSourceContext);
}
