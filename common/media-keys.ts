/**
 * Where uploaded images live: the grammar of an upload's key and the names
 * of its resized copies. Shared by the server, which writes and serves them,
 * and the pages, which link to them. No dependencies: pages ship it to
 * browsers.
 *
 * A key is `uploads/YYYY/MM/<24 hex>-<safe name>.<ext>`, and the file is
 * public at `/<key>` on this site. A resized copy of a raster image is
 * `<key>.w<width>.webp`, and its copy for mail `<key>.mail.jpg` or
 * `<key>.mail.png` (`mailImageKey`).
 */

/** File extension of each accepted image type (SPEC.md section 5). */
export const EXTENSION_BY_IMAGE_TYPE = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
} as const;

export type ImageExtension = (typeof EXTENSION_BY_IMAGE_TYPE)[keyof typeof EXTENSION_BY_IMAGE_TYPE];

/** The content type a stored file is served with. */
export const CONTENT_TYPE_BY_EXTENSION: Record<ImageExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** Widths (CSS pixels) of the WebP copies made of every raster upload. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

/** Raster images get resized copies; SVG scales by itself. */
export const RASTER_EXTENSIONS: readonly ImageExtension[] = ['jpg', 'png', 'gif', 'webp'];

const KEY_BODY = String.raw`uploads/\d{4}/(?:0[1-9]|1[0-2])/[0-9a-f]{24}-[a-z0-9]+(?:-[a-z0-9]+)*\.(jpg|png|gif|webp|svg)`;
const STORED_FILE = new RegExp(`^(${KEY_BODY})(?:\\.w(\\d+)\\.webp|\\.mail\\.(jpg|png))?$`);

/** What a path under /uploads names: an upload, or one of its resized copies. */
export interface StoredFileName {
  /** The upload's key. */
  key: string;
  extension: ImageExtension;
  /** Set when the path names a resized copy. */
  variantWidth: number | null;
  /** Whether the path names the upload's copy for mail. */
  mailCopy: boolean;
}

/**
 * Reads a stored file's name (`uploads/…`, no leading slash); null for
 * anything that is not an upload or a copy of one, so no other path (`..`,
 * temporary files) can ever be reached through it.
 */
export function parseStoredFileName(name: string): StoredFileName | null {
  const match = STORED_FILE.exec(name);
  if (!match?.[1] || !match[2]) return null;
  const extension = match[2] as ImageExtension;
  const width = match[3] === undefined ? null : Number(match[3]);
  if (width !== null && (!isVariantWidth(width) || !RASTER_EXTENSIONS.includes(extension))) return null;
  const mailCopy = match[4] !== undefined;
  if (mailCopy && match[4] !== mailCopyExtension(extension)) return null;
  return { key: match[1], extension, variantWidth: width, mailCopy };
}

function isVariantWidth(width: number): boolean {
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width);
}

/** The key of an upload's resized copy: `uploads/…/x.jpg` → `uploads/…/x.jpg.w480.webp`. */
export function imageVariantKey(key: string, width: number): string {
  return `${key}.w${width}.webp`;
}

/**
 * What an upload's copy for mail is: mail clients show JPEG and PNG, not
 * always WebP. PNG where the image may be transparent (a PNG or GIF logo),
 * JPEG for photos (JPEG, WebP); null for SVG, which most do not show.
 */
export function mailCopyExtension(extension: ImageExtension): 'jpg' | 'png' | null {
  if (extension === 'png' || extension === 'gif') return 'png';
  return extension === 'jpg' || extension === 'webp' ? 'jpg' : null;
}

/** The key of an upload's copy for mail: `uploads/…/x.webp` → `uploads/…/x.webp.mail.jpg`; null when it has none. */
export function mailImageKey(key: string): string | null {
  const stored = parseStoredFileName(key);
  if (!stored || stored.key !== key) return null;
  const extension = mailCopyExtension(stored.extension);
  return extension ? `${key}.mail.${extension}` : null;
}
