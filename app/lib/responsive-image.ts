/**
 * Responsive `<img>` attributes for an image address. Raster uploads of this
 * site have WebP copies at a few widths (see media-keys.ts); the browser
 * picks one through `srcset`/`sizes`, and `src` stays the original for
 * browsers that ignore `srcset`. A copy that is not made yet is answered
 * with the original, so the markup never needs to know whether it exists.
 */
import { IMAGE_VARIANT_WIDTHS, imageVariantKey, parseStoredFileName, RASTER_EXTENSIONS } from '../../common/media-keys.ts';

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `src`, plus `srcSet` and `sizes` when `src` is a raster upload: a path
 * (`/uploads/…`) or an absolute URL whose path is an upload's (the back
 * office stores the page origin plus the key). Anything else comes back as
 * a plain `src`.
 *
 * @example
 * <img {...responsiveImage(post.cover_image, '(min-width: 640px) 50vw, 100vw')} alt="" />
 */
export function responsiveImage(src: string, sizes: string): ResponsiveImage {
  const upload = splitUploadAddress(src);
  if (!upload) return { src };
  const srcSet = IMAGE_VARIANT_WIDTHS.map(
    (width) => `${upload.prefix}/${imageVariantKey(upload.key, width)} ${width}w`,
  ).join(', ');
  return { src, srcSet, sizes };
}

/** The origin part (empty for a path) and the key of a raster upload's address. */
function splitUploadAddress(src: string): { prefix: string; key: string } | null {
  let prefix = '';
  let path = src;
  if (/^https?:\/\//i.test(src)) {
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      return null;
    }
    if (url.search || url.hash || url.username || url.password) return null;
    prefix = url.origin;
    path = url.pathname;
  }
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const stored = parseStoredFileName(path.slice(1));
  if (!stored || stored.variantWidth !== null || stored.mailCopy || !RASTER_EXTENSIONS.includes(stored.extension)) return null;
  return { prefix, key: stored.key };
}
