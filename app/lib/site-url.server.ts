import type { AppLoadContext } from 'react-router';

/**
 * The site's canonical origin: PUBLIC_URL when configured (links, canonical
 * tags, the sitemap), else the origin the request came to.
 */
export function siteOrigin(context: AppLoadContext, request: Request): string {
  const configured = context.deps.config.PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  return new URL(request.url).origin;
}
