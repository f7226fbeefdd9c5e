/**
 * Uploaded photos lose what their camera wrote about them before anyone
 * but the uploader can fetch them: EXIF (GPS position, device, serial
 * numbers, time), XMP, IPTC, Photoshop tags, comments, text chunks and
 * whatever else the file carries besides its picture. The
 * original stays the address's answer (`src` of every image), so without
 * this a published photo would tell where it was taken.
 */
import type { Metadata, Sharp } from 'sharp';
import type { ImageExtension } from '../../common/media-keys.ts';
import { estimateJpegQuality, hasExtraContainerData, isLosslessWebp } from './image-containers.ts';
import { loadSharp } from './sharp.ts';

type RasterExtension = Exclude<ImageExtension, 'svg'>;

/**
 * Encoder settings close to the original's: JPEG at the quality it was
 * saved at (so it keeps about its size; 90 when that cannot be read, never
 * above 95), lossy WebP at 90, lossless WebP lossless, PNG paletted when it
 * was, GIF as GIF (frames and delays kept).
 */
const REWRITE: Record<RasterExtension, (image: Sharp, metadata: Metadata, bytes: Uint8Array) => Sharp> = {
  jpg: (image, _metadata, bytes) => image.jpeg({ quality: Math.min(95, estimateJpegQuality(bytes) ?? 90) }),
  png: (image, metadata) => image.png({ palette: metadata.isPalette }),
  gif: (image) => image.gif(),
  webp: (image, _metadata, bytes) => image.webp(isLosslessWebp(bytes) ? { lossless: true } : { quality: 90 }),
};

/** True when sharp sees anything beyond the pixels and the colour profile. */
export function hasPrivateMetadata(metadata: Metadata): boolean {
  return Boolean(
    metadata.exif ||
      metadata.xmp ||
      metadata.iptc ||
      metadata.tifftagPhotoshop ||
      (metadata.comments && metadata.comments.length > 0) ||
      (metadata.orientation !== undefined && metadata.orientation !== 1),
  );
}

/**
 * The image rewritten without its metadata, turned upright from its
 * orientation tag (which goes with the rest of EXIF; animations, which
 * cannot be turned, keep their frames as they are), colour profile kept;
 * or null when there is nothing to remove, so a clean file is stored byte
 * for byte as it arrived and never loses quality to a second encoding.
 * Throws sharp's error when the bytes cannot be read as an image, and a
 * ModuleLoadError when sharp itself cannot be loaded.
 */
export async function withoutPrivateMetadata(bytes: Uint8Array, extension: RasterExtension): Promise<Buffer | null> {
  const animated = extension === 'gif' || extension === 'webp';
  const sharp = await loadSharp();
  const image = sharp(bytes, { animated });
  const metadata = await image.metadata();
  if (!hasPrivateMetadata(metadata) && !hasExtraContainerData(bytes, extension)) return null;
  const upright = (metadata.pages ?? 1) > 1 ? image : image.autoOrient();
  return REWRITE[extension](upright.keepIccProfile(), metadata, bytes).toBuffer();
}
