/**
 * Is a file really the image type it was declared as? Checked on its first
 * bytes (the formats' magic numbers), never on its name or the declared
 * type, so an HTML page or a script cannot arrive dressed as an image.
 */
import type { ImageType } from '../../common/schemas/media.ts';

/** Enough of the start of a file for every check below. */
export const SNIFF_BYTES = 512;

type RasterFormat = 'jpeg' | 'png' | 'gif' | 'webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The raster format the bytes start with, if any. */
export function sniffRasterFormat(head: Uint8Array): RasterFormat | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return null;
}

const RASTER_FORMAT_BY_TYPE: Record<Exclude<ImageType, 'image/svg+xml'>, RasterFormat> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * True when the first bytes fit the declared type. For SVG (text, no magic
 * number) this is only a first filter: the document must also parse as SVG
 * (see svg.ts).
 */
export function bytesMatchImageType(head: Uint8Array, type: ImageType): boolean {
  if (type !== 'image/svg+xml') return sniffRasterFormat(head) === RASTER_FORMAT_BY_TYPE[type];
  if (sniffRasterFormat(head) !== null || head.includes(0)) return false;
  // UTF-8 text starting with markup, after an optional byte order mark and blanks.
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<');
}
