import { PUBLIC_PAGE_CACHE_CONTROL } from '../lib/cache-headers.ts';
import { absoluteUrl } from '../lib/seo.ts';
import { siteOrigin } from '../server/site-url.server.ts';
import type { Route } from './+types/robots';

/**
 * /robots.txt: everything public may be crawled, except the back office and
 * the API. `/admin$` and `/admin/` rather than a bare `/admin` prefix: posts
 * live at `/{slug}`, and a prefix rule would also hide a post such as
 * `/authentic-leather-bag`. The counted redirects (`/go/`, `/share/`,
 * `/n/`) lead off the site and count clicks: a crawler has no business there.
 */
export function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin$',
    'Disallow: /admin/',
    'Disallow: /auth$',
    'Disallow: /auth/',
    'Disallow: /api/',
    'Disallow: /go/',
    'Disallow: /share/',
    'Disallow: /n/',
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL },
  });
}
