import { usePageConfig } from '../lib/page-config.ts';
import { blogPostingSchema, breadcrumbSchema } from '../lib/blog-structured-data.ts';
import { postPath, type Post } from '../lib/blog-types.ts';
import { JsonLd } from './JsonLd.tsx';

/** A post's BlogPosting and its breadcrumb trail, for search engines. */
export function PostStructuredData({ post }: { post: Post }) {
  const config = usePageConfig();
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Blog', path: '/blog' },
    { name: post.title, path: postPath(post.slug) },
  ];
  return (
    <>
      <JsonLd data={blogPostingSchema(post, config)} />
      <JsonLd data={breadcrumbSchema(trail, config)} />
    </>
  );
}
