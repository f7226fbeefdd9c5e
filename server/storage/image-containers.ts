/**
 * Does a raster file hold anything besides its picture? Each format is a
 * container of segments or chunks, and the ones a picture needs are few;
 * everything else (comments, camera blocks, editor data, secondary images,
 * bytes after the end) is what image-metadata.ts removes. sharp reports the
 * common kinds (EXIF, XMP, IPTC) but not these, so the containers are
 * walked here, without decoding a pixel. A file that does not walk cleanly
 * counts as holding extras: it is rewritten, and the decoder has the last word.
 */
import type { ImageExtension } from '../../common/media-keys.ts';

type RasterExtension = Exclude<ImageExtension, 'svg'>;

const text = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** True when the file carries a segment or chunk beyond those its picture needs, or bytes after its end. */
export function hasExtraContainerData(bytes: Uint8Array, extension: RasterExtension): boolean {
  switch (extension) {
    case 'jpg':
      return jpegHasExtras(bytes);
    case 'png':
      return pngHasExtras(bytes);
    case 'gif':
      return gifHasExtras(bytes);
    case 'webp':
      return webpHasExtras(bytes);
  }
}

/** APPn segments a JPEG picture may need, by marker and identifier: JFIF, the ICC profile, Adobe's colour transform. */
const JPEG_KEPT_APP: Record<number, string> = { 0xe0: 'JFIF\0', 0xe2: 'ICC_PROFILE\0', 0xee: 'Adobe' };
const JPEG_SOS = 0xda;
const JPEG_EOI = 0xd9;

function jpegHasExtras(bytes: Uint8Array): boolean {
  let at = 2; // after SOI
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return true;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === JPEG_EOI) return at + 2 < bytes.length;
    if (at + 4 > bytes.length) return true;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (marker === 0xfe) return true; // COM
    if (marker >= 0xe0 && marker <= 0xef) {
      const identifier = JPEG_KEPT_APP[marker];
      if (!identifier || text(bytes, at + 4, identifier.length) !== identifier) return true;
    }
    at += 2 + length;
    if (marker === JPEG_SOS) {
      // Entropy-coded data up to the next marker that is not a stuffed
      // 0xFF00 or a restart marker (progressive files have several scans).
      while (at + 1 < bytes.length) {
        const next = bytes[at + 1] ?? 0;
        if (bytes[at] === 0xff && next !== 0 && (next < 0xd0 || next > 0xd7)) break;
        at += 1;
      }
    }
  }
  return true; // no EOI
}

/** PNG chunks a picture may need (the APNG ones included); text, eXIf, tIME and private chunks are not among them. */
const PNG_KEPT_CHUNKS = new Set([
  'IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'bKGD', 'pHYs',
  'acTL', 'fcTL', 'fdAT',
]);

function pngHasExtras(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8; // after the signature
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = text(bytes, at + 4, 4);
    if (!PNG_KEPT_CHUNKS.has(type)) return true;
    at += 12 + length;
    if (type === 'IEND') return at !== bytes.length;
  }
  return true; // no IEND
}

/** GIF application extensions a picture may need: the loop count of an animation. */
const GIF_KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

function gifHasExtras(bytes: Uint8Array): boolean {
  const colourTableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  /** Past a run of data sub-blocks, or -1 when they run off the end. */
  const skipSubBlocks = (from: number) => {
    let at = from;
    while (at < bytes.length) {
      const size = bytes[at] ?? 0;
      at += 1 + size;
      if (size === 0) return at;
    }
    return -1;
  };
  let at = 13 + colourTableSize(bytes[10] ?? 0); // header, screen descriptor, global colours
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) return at + 1 !== bytes.length; // trailer
    if (block === 0x2c) {
      // Image descriptor, local colours, LZW code size, then the picture's sub-blocks.
      at = skipSubBlocks(at + 10 + colourTableSize(bytes[at + 9] ?? 0) + 1);
    } else if (block === 0x21) {
      const label = bytes[at + 1];
      if (label === 0xff) {
        if (bytes[at + 2] !== 11 || !GIF_KEPT_APPLICATIONS.has(text(bytes, at + 3, 11))) return true;
      } else if (label !== 0xf9) {
        return true; // comments, plain text
      }
      at = skipSubBlocks(at + 2);
    } else {
      return true;
    }
    if (at < 0) return true;
  }
  return true; // no trailer
}

/** WebP chunks a picture may need; EXIF, XMP and unknown chunks are not among them. */
const WEBP_KEPT_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

function webpHasExtras(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12) return true;
  const end = 8 + view.getUint32(4, true);
  if (end !== bytes.length) return true;
  let at = 12;
  while (at + 8 <= end) {
    const size = view.getUint32(at + 4, true);
    if (!WEBP_KEPT_CHUNKS.has(text(bytes, at, 4))) return true;
    at += 8 + size + (size % 2);
  }
  return at !== end;
}

/** True when a WebP's picture (or first frame) is stored lossless (a VP8L bitstream), so a rewrite should be too. */
export function isLosslessWebp(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  while (at + 8 <= bytes.length) {
    const fourcc = text(bytes, at, 4);
    if (fourcc === 'VP8L') return true;
    if (fourcc === 'VP8 ') return false;
    // A frame's own chunks follow its 16-byte header inside ANMF.
    at = fourcc === 'ANMF' ? at + 8 + 16 : at + 8 + view.getUint32(at + 4, true) + (view.getUint32(at + 4, true) % 2);
  }
  return false;
}

/** The IJG reference luminance quantisation table (quality 50), which encoders scale by quality. */
const IJG_LUMINANCE_TOTAL = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87,
  80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92,
  95, 98, 112, 100, 103, 99,
].reduce((sum, value) => sum + value, 0);

/**
 * The quality (1-100) a JPEG was saved at, estimated from its first
 * quantisation table as the IJG encoder scales it; null when the file has
 * none to read. A rewrite at the same quality keeps about the same size.
 */
export function estimateJpegQuality(bytes: Uint8Array): number | null {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (marker === JPEG_SOS) return null;
    if (marker === 0xdb && ((bytes[at + 4] ?? 0) >> 4) === 0 && at + 5 + 64 <= bytes.length) {
      // 8-bit precision: 64 values; the order does not matter for their total.
      const total = bytes.subarray(at + 5, at + 5 + 64).reduce((sum, value) => sum + value, 0);
      const scale = (total * 100) / IJG_LUMINANCE_TOTAL;
      const quality = scale <= 100 ? (200 - scale) / 2 : 5000 / scale;
      return Math.min(100, Math.max(1, Math.round(quality)));
    }
    at += 2 + length;
  }
  return null;
}
