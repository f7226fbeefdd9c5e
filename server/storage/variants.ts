/**
 * Resized WebP copies of raster uploads, so pages send a phone a 480 px
 * image instead of a 4000 px photo (app/lib/responsive-image.ts links
 * them). Made by a durable job (the `media-variants` kind of server/jobs)
 * after the upload has been answered; until they exist the original is
 * served in their place.
 */
import { IMAGE_VARIANT_WIDTHS, type ImageExtension } from '../../common/media-keys.ts';
import { loadSharp } from './sharp.ts';

export interface ImageVariant {
  width: number;
  bytes: Buffer;
}

/**
 * One WebP per width of IMAGE_VARIANT_WIDTHS, turned upright from the
 * photo's orientation tag and without its metadata (camera, location).
 * Never wider than the original: a small image gives copies of its own
 * width. GIF and WebP animations stay animated.
 */
export async function resizeImage(bytes: Uint8Array, extension: ImageExtension): Promise<ImageVariant[]> {
  const animated = extension === 'gif' || extension === 'webp';
  const sharp = await loadSharp();
  const image = sharp(bytes, { animated }).autoOrient();
  return Promise.all(
    IMAGE_VARIANT_WIDTHS.map(async (width) => ({
      width,
      bytes: await image.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
    })),
  );
}
