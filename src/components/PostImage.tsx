import { copyWidths, featuredImageSize, imageCopyPath } from '../lib/post-image.ts';

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

export function PostImage({ src, alt, sizes, className, priority = false }: PostImageProps) {
  const responsive = src.endsWith('.webp');
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
