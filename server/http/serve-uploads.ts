/**
 * GET /uploads/*: uploaded images, their resized copies and their copies
 * for mail, so that the public address of an upload is this site's origin
 * plus its key (SPEC.md section 7). Served from disk or streamed from the bucket, or redirected
 * to S3_PUBLIC_URL when one is set (docs/decisions/008-s3-uploads-checked-on-first-read.md).
 */
import type { Context, Handler } from 'hono';
import { CONTENT_TYPE_BY_EXTENSION, imageVariantKey, mailCopyExtension, mailImageKey, parseStoredFileName } from '../../common/media-keys.ts';
import { variantWidthsOf } from '../db/queries/media.ts';
import type { AppEnv } from '../deps.ts';
import type { MediaService } from '../services/site/media.ts';

/** A key names one file forever: caches may keep it for a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The original standing in for a copy not made yet: revisit soon. */
export const FALLBACK_CACHE_CONTROL = 'public, max-age=300';

/**
 * Even opened on its own, an upload can run nothing: no scripts (sandbox),
 * no loads (default-src 'none'); inline styles only, which SVGs use.
 */
export const UPLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function serveUploads(media: MediaService): Handler<AppEnv> {
  return async (c) => {
    const stored = parseStoredFileName(c.req.path.slice(1));
    if (!stored) return notFound(c);
    const upload = await media.findServable(stored.key);
    if (!upload) return notFound(c);

    let key: string;
    let contentType: string;
    let cacheControl = UPLOAD_CACHE_CONTROL;
    const copyExtension = mailCopyExtension(stored.extension);
    const copyKey = mailImageKey(stored.key);
    if (stored.mailCopy && copyExtension && copyKey) {
      // Never the original in its place: a mail client may not show its type.
      if (!(await media.ensureMailCopy(stored.key))) return notFound(c);
      key = copyKey;
      contentType = CONTENT_TYPE_BY_EXTENSION[copyExtension];
    } else {
      const width = stored.variantWidth;
      const hasVariant = width !== null && variantWidthsOf(upload).includes(width);
      key = hasVariant ? imageVariantKey(stored.key, width) : stored.key;
      contentType = hasVariant ? 'image/webp' : CONTENT_TYPE_BY_EXTENSION[stored.extension];
      if (width !== null && !hasVariant) cacheControl = FALLBACK_CACHE_CONTROL;
    }

    const publicUrl = media.publicUrl(key);
    if (publicUrl) {
      c.header('Cache-Control', cacheControl);
      return c.redirect(publicUrl, cacheControl === UPLOAD_CACHE_CONTROL ? 301 : 302);
    }

    const result = await media.readFile(key, {
      range: c.req.header('range'),
      ifNoneMatch: c.req.header('if-none-match'),
    });
    if (!result) return notFound(c);
    c.header('Cache-Control', cacheControl);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', UPLOAD_CONTENT_SECURITY_POLICY);
    c.header('Accept-Ranges', 'bytes');
    if (result.status === 416) {
      if (result.contentRange) c.header('Content-Range', result.contentRange);
      return c.body(null, 416);
    }
    if (result.etag) c.header('ETag', result.etag);
    if (result.status === 304) return c.body(null, 304);
    c.header('Content-Type', contentType);
    c.header('Content-Length', String(result.length));
    if (result.contentRange) c.header('Content-Range', result.contentRange);
    if (c.req.method === 'HEAD') {
      await result.body.cancel();
      return c.body(null, result.status);
    }
    return c.body(result.body, result.status);
  };
}

// Not cached: an upload still on its way is served as soon as it lands.
function notFound(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  return c.text('Not found', 404);
}
