import type { Context } from 'hono';

/**
 * Whether a beacon or a ping was sent by a page of another site, which must
 * not be able to make its own visitors count views or clicks here: the
 * browser says so in `Sec-Fetch-Site: cross-site`, or names another origin
 * in `Origin` (`null` included: a sandboxed frame, a page without an
 * origin). Browsers send the site's own origin with a beacon (a POST) from
 * its pages; a request with neither header (an older browser) is taken as
 * the site's own.
 */
export function sentFromAnotherSite(c: Context, siteOrigin: string): boolean {
  if (c.req.header('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return true;
  const origin = c.req.header('origin');
  return origin !== undefined && origin.trim().toLowerCase() !== new URL(siteOrigin).origin;
}
