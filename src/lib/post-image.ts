/** Featured images are 1200×630 (the Open Graph size), WebP. */
export const featuredImageSize = { width: 1200, height: 630 } as const;

/** The smaller copies written beside each featured image, for `srcset`. */
export const copyWidths = [480, 800] as const;

/** A smaller copy of a featured image, as a URL or a file path: `x.webp` → `x-480.webp`. */
export function imageCopyPath(image: string, width: number): string {
  return image.replace(/\.webp$/, `-${width}.webp`);
}
