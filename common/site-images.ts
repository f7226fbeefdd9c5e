/**
 * Where an image the site shows may come from (a post's or resource's
 * cover, the site's logo), and the one stored form of each
 * (docs/decisions/044-cover-rules-and-card-store.md, 045-upload-paths.md):
 *
 * - an upload: `/uploads/…`, a canonical path (no `.` or `..` segment, no
 *   `%`, no backslash, no empty segment), served by this site whatever the
 *   storage driver;
 * - one of the site's own images: `/images/…`, with the same rules (the
 *   demo content's covers);
 * - another site's image, over https.
 *
 * An absolute address of this site is stored as its path, so nothing stored
 * depends on the host a request came in on. No dependencies: the editor's
 * form checks with it too.
 */

/** The folders of this site that covers and the logo may name. */
const SITE_IMAGE_FOLDERS = ['uploads', 'images'] as const;

// Segments of letters, digits, `_`, `~` and `-`, joined by single dots: no
// `.` or `..` segment, no percent-encoding (so no `%2e%2e` either), nothing
// a browser or a file system reads as another folder.
const SEGMENT = String.raw`[A-Za-z0-9_~-]+(?:\.[A-Za-z0-9_~-]+)*`;
const CANONICAL_PATH = new RegExp(`^/(${SITE_IMAGE_FOLDERS.join('|')})((?:/${SEGMENT})+)$`);

/** The longest image address kept. */
export const MAX_IMAGE_ADDRESS_LENGTH = 2048;

/** A canonical path of an upload (`/uploads/2026/11/x.png`). */
export function isUploadPath(value: string): boolean {
  return CANONICAL_PATH.exec(value)?.[1] === 'uploads';
}

/** A canonical path of one of the site's own images (`/images/demo/x.webp`). */
export function isSiteImagePath(value: string): boolean {
  return CANONICAL_PATH.exec(value)?.[1] === 'images';
}

/** The storage key of an upload's path (`/uploads/x.png` → `uploads/x.png`); null for anything else. */
export function uploadKeyOfPath(value: string): string | null {
  return isUploadPath(value) ? value.slice(1) : null;
}

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export const IMAGE_ADDRESS_RULE =
  'must be an uploaded image (/uploads/…), an image of this site (/images/…) or an https:// address';

/**
 * A cover or logo as it is stored, or why it cannot be. `siteOrigin` is this site's
 * (PUBLIC_URL): its absolute addresses become paths, then follow the path
 * rules. Without it (the editor's form, which cannot know the configured
 * origin) any http(s) address passes here and the server decides.
 */
export function storedImageAddress(
  value: string,
  siteOrigin?: string,
): { ok: true; value: string } | { ok: false; problem: string } {
  const refused = { ok: false as const, problem: IMAGE_ADDRESS_RULE };
  if (value.startsWith('/')) return isUploadPath(value) || isSiteImagePath(value) ? { ok: true, value } : refused;
  const url = parsedUrl(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') return refused;
  if (siteOrigin === undefined) return { ok: true, value };
  if (url.origin === siteOrigin) {
    // The raw path, not the URL's: `new URL` resolves `..` and `%2e%2e`, which must be refused, not tidied.
    const path = value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '');
    return storedImageAddress(path || '/');
  }
  // Another site's image is kept as the browser reads it, which `new URL` may have tidied.
  return url.protocol === 'https:' ? { ok: true, value: url.href } : refused;
}
