/**
 * Resized WebP copies of raster uploads, so pages send a phone a 480 px
 * image instead of a 4000 px photo (app/lib/responsive-image.ts links
 * them). Made by a durable job (the `media-variants` kind of server/jobs)
 * after the upload has been answered; until they exist the original is
 * served in their place.
 */
import { IMAGE_VARIANT_WIDTHS, mailCopyExtension, type ImageExtension } from '../../common/media-keys.ts';
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

/** A mail draws an image at most 536 CSS pixels wide (server/newsletter/email.tsx): its copy has twice that, for sharp screens. */
export const MAIL_IMAGE_WIDTH = 1072;

/**
 * The copy of a raster upload that mails show (`mailImageKey`): JPEG on
 * white (the mail's card) or PNG, upright, without metadata, at most
 * MAIL_IMAGE_WIDTH wide; an animation gives its first frame.
 */
export async function mailCopy(bytes: Uint8Array, extension: ImageExtension): Promise<{ bytes: Buffer; contentType: string }> {
  const sharp = await loadSharp();
  const image = sharp(bytes).autoOrient().resize({ width: MAIL_IMAGE_WIDTH, withoutEnlargement: true });
  if (mailCopyExtension(extension) === 'png') return { bytes: await image.png().toBuffer(), contentType: 'image/png' };
  return { bytes: await image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
}
