import type { BlogPosting, BreadcrumbList, WithContext } from 'schema-dts';
import { authorName, isOrganizationAuthor } from '../content/authors.ts';
import type { PublicConfig } from '../browser/lib/public-config.ts';
import { postModifiedAt, postPath, type Post } from './blog-types.ts';
import { absoluteImageUrl } from './post-image.ts';

// Apart from the studio's schema (structured-data.ts), so that a post's page does not load the packages.

export function blogPostingSchema(post: Post, config: PublicConfig): WithContext<BlogPosting> {
  const url = `${config.siteUrl}${postPath(post.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': url,
    mainEntityOfPage: url,
    url,
    headline: post.title,
    description: post.summary,
    image: absoluteImageUrl(post.featuredImage, config.siteUrl),
    datePublished: post.publishedAt,
    dateModified: postModifiedAt(post),
    articleSection: post.category.name,
    inLanguage: 'en-AU',
    // The name the byline shows; the studio writing as itself is an organisation, not a person.
    author: {
      '@type': isOrganizationAuthor(post.author.username) ? 'Organization' : 'Person',
      name: authorName(post.author.username),
    },
    publisher: {
      '@type': 'Organization',
      name: config.siteName,
      url: config.siteUrl,
      logo: { '@type': 'ImageObject', url: `${config.siteUrl}/icon-512.png` },
    },
  };
}

export function breadcrumbSchema(
  items: { name: string; path: string }[],
  config: PublicConfig,
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: `${config.siteUrl}${item.path}`,
    })),
  };
}
