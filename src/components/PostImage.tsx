import { copyWidths, featuredImageSize, imageCopyPath, isRemoteImage } from '../lib/post-image.ts';

interface PostImageProps {
  src: string;
  alt: string;
  sizes: string;
  className?: string;
  /** The largest image of the first screen: fetched early, never lazily. */
  priority?: boolean;
}

// The build and the content command write the smaller copies beside each featured image.
function responsiveSrcSet(src: string): string {
  return [
    ...copyWidths.map((width) => `${imageCopyPath(src, width)} ${width}w`),
    `${src} ${featuredImageSize.width}w`,
  ].join(', ');
}

/**
 * A featured image in its 1200×630 box (the className's aspect ratio and object-fit: cover crop whatever size the
 * file has, so nothing moves when it arrives). A site image gets the srcset of its smaller copies; an image on
 * another site (an https:// URL) is shown as it is, since no copies of it exist.
 */
export function PostImage({ src, alt, sizes, className, priority = false }: PostImageProps) {
  const responsive = src.endsWith('.webp') && !isRemoteImage(src);
  return (
    <img
      src={src}
      srcSet={responsive ? responsiveSrcSet(src) : undefined}
      sizes={responsive ? sizes : undefined}
      alt={alt}
      width={featuredImageSize.width}
      height={featuredImageSize.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={`bg-harbour-100 ${className ?? ''}`}
    />
  );
}
