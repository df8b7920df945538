/** Featured images are 1200×630 (the Open Graph size), WebP. */
export const featuredImageSize = { width: 1200, height: 630 } as const;

/** The smaller copies written beside each featured image, for `srcset`. */
export const copyWidths = [480, 800] as const;

/** A smaller copy of a featured image, as a URL or a file path: `x.webp` → `x-480.webp`. */
export function imageCopyPath(image: string, width: number): string {
  return image.replace(/\.webp$/, `-${width}.webp`);
}

/**
 * A file under public/ written from the site root (`/images/blog/x.webp`): one leading slash (two would make a
 * protocol-relative URL to another host), then letters, digits, `_`, `-`, `.` and `/` only.
 */
export const sitePathPattern = /^\/(?!\/)[\w./-]+$/;

/**
 * An image on another site: an absolute `https://` URL with a host and nothing a browser or an HTML attribute
 * would read differently (no spaces, quotes, angle brackets, backslashes or control characters).
 */
export function isRemoteImage(src: string): boolean {
  if (!/^https:\/\/[^\s"'<>\\`\p{Cc}]+$/u.test(src)) return false;
  const url = URL.parse(src);
  return url?.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/** An image's absolute URL for Open Graph, JSON-LD and the feed: remote ones as they are, site paths on siteUrl. */
export function absoluteImageUrl(src: string, siteUrl: string): string {
  return isRemoteImage(src) ? src : `${siteUrl}${src}`;
}
