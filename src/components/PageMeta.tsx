import { useServerFormHasProblems, useServerNewsletterState } from '../browser/form-state.tsx';
import { usePageConfig } from '../lib/page-config.ts';
import { errorPrefix } from '../content/form-words.ts';
import { absoluteImageUrl, isRemoteImage } from '../lib/post-image.ts';

interface PageMetaProps {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** Path (with the query that identifies the page, if any) of the canonical URL. */
  path: string;
  image?: string;
  type?: 'website' | 'article';
  publishedTime?: string;
  modifiedTime?: string;
  noindex?: boolean;
}

/** Each page's head: React 19 hoists these elements into <head> as the server renders the page. */
export function PageMeta({
  title,
  description,
  path,
  image,
  type = 'website',
  publishedTime,
  modifiedTime,
  noindex,
}: PageMetaProps) {
  const { siteName, siteUrl } = usePageConfig();
  const fullTitle = `${title} | ${siteName}`;
  // A form with problems names them in the title first, so that a screen reader announces them on arrival.
  const newsletterErrors = useServerNewsletterState().errors ?? {};
  const hasErrors = useServerFormHasProblems() || Object.keys(newsletterErrors).length > 0;
  const documentTitle = hasErrors ? `${errorPrefix} ${fullTitle}` : fullTitle;
  const url = `${siteUrl}${path}`;
  const imageUrl = absoluteImageUrl(image ?? '/og-default.png', siteUrl);
  // The site's own images are 1200×630; an image on another site has whatever size it has, so none is claimed.
  const knownSize = !(image && isRemoteImage(image));
  return (
    <>
      <title>{documentTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex, follow" />}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:locale" content="en_AU" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      {knownSize && <meta property="og:image:width" content="1200" />}
      {knownSize && <meta property="og:image:height" content="630" />}
      <meta property="og:image:alt" content={title} />
      {publishedTime && <meta property="article:published_time" content={publishedTime} />}
      {modifiedTime && <meta property="article:modified_time" content={modifiedTime} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}
