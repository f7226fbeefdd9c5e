import type { AppLoadContext } from 'react-router';
import type { SiteSettings } from '../../server/services/site.ts';

/** How this site is set up (analytics, the sponsored price), for page loaders. */
export function siteSettings(context: AppLoadContext): SiteSettings {
  return context.services.site.settings();
}
