import type { AppLoadContext } from 'react-router';

/**
 * The site's canonical origin (PUBLIC_URL): links, canonical tags, the
 * sitemap and feeds. Never the request's Host header, which anyone can set.
 */
export function siteOrigin(context: AppLoadContext): string {
  return context.services.siteConfig.settings().publicOrigin;
}
