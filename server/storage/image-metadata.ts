/**
 * Uploaded photos lose what their camera wrote about them before anyone
 * but the uploader can fetch them: EXIF (GPS position, device, serial
 * numbers, time), XMP, IPTC, Photoshop tags and PNG text chunks. The
 * original stays the address's answer (`src` of every image), so without
 * this a published photo would tell where it was taken.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { ImageExtension } from '../../app/lib/media-keys.ts';

/** Encoder settings close to what a camera or an editor writes. */
const REWRITE: Record<Exclude<ImageExtension, 'svg'>, (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: 90 }),
  png: (image) => image.png(),
  gif: (image) => image.gif(),
  webp: (image) => image.webp({ quality: 90 }),
};

/** True when the file carries anything beyond its pixels and colour profile. */
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
 * orientation tag (which goes with the rest of EXIF), colour profile kept;
 * or null when there is nothing to remove, so a clean file is stored byte
 * for byte as it arrived and never loses quality to a second encoding.
 */
export async function withoutPrivateMetadata(
  /** The bytes, or the path of a file holding them. */
  input: Uint8Array | string,
  extension: Exclude<ImageExtension, 'svg'>,
): Promise<Buffer | null> {
  const animated = extension === 'gif' || extension === 'webp';
  const image = sharp(input, { animated });
  if (!hasPrivateMetadata(await image.metadata())) return null;
  return REWRITE[extension](image.autoOrient().keepIccProfile()).toBuffer();
}
