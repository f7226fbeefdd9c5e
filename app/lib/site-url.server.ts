import type { AppLoadContext } from 'react-router';

/**
 * The site's canonical origin: PUBLIC_URL when configured (links, canonical
 * tags, the sitemap), else the origin the request came to.
 */
export function siteOrigin(context: AppLoadContext, request: Request): string {
  return context.services.site.settings().publicOrigin ?? new URL(request.url).origin;
}
