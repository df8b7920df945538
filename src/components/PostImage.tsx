interface PostImageProps {
  src: string;
  alt: string;
  sizes: string;
  className?: string;
  /** The largest image of the first screen: fetched early, never lazily. */
  priority?: boolean;
}

// Featured images are 1200×630; the build also writes 480 and 800 pixel wide copies beside each one.
export const postImageWidths = [480, 800, 1200] as const;

export function responsiveSrcSet(src: string): string {
  const base = src.replace(/\.webp$/, '');
  return postImageWidths.map((width) => `${width === 1200 ? src : `${base}-${width}.webp`} ${width}w`).join(', ');
}

export function PostImage({ src, alt, sizes, className, priority = false }: PostImageProps) {
  const responsive = src.endsWith('.webp');
  return (
    <img
      src={src}
      srcSet={responsive ? responsiveSrcSet(src) : undefined}
      sizes={responsive ? sizes : undefined}
      alt={alt}
      width={1200}
      height={630}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={`bg-harbour-100 ${className ?? ''}`}
    />
  );
}
