const sizeClass = { 48: 'size-12', 64: 'size-16' } as const;

/** A person's round photo beside their name: decorative (empty alt), since the name beside it says who it is. */
export function Portrait({ src, size }: { src: string; size: keyof typeof sizeClass }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`${sizeClass[size]} shrink-0 rounded-full object-cover`}
    />
  );
}
